-- The comparison cells of one test and metric: per dataset (latest completed run) and thread count.
SELECT dataset, dataset_ordinal, run_id, threads, n, mean, max, min, stddev, cov, median, p95, p99,
       skewness, iteration_values,
       iteration_numbers, statistics_from, source_set_aside
FROM comparison
WHERE test_name = ? AND metric = ?
ORDER BY dataset_ordinal, threads
