-- The report's statistics across the completed iterations (not left out by an annotation) of one run at one thread count
-- (docs/architecture.md, Statistics): population standard deviation, CoV = StdDev / Mean, percentiles by
-- linear interpolation between closest ranks (R-7, Excel PERCENTILE.INC), population skewness
-- g1 = m3 / m2^1.5 (0 when StdDev is 0), and the iteration values in run order.
-- Everything is computed over the values in iteration order, so the same data always gives the
-- same bits (a parallel aggregate would sum in whatever order the files were read).
-- Where a source report printed the statistics (source_statistics), its numbers stand as long as
-- no iteration of that run and thread count is left out (docs/architecture.md, Source
-- statistics): statistics_from says 'source' or 'iterations', and source_set_aside is true where
-- printed statistics exist but an exclusion set them aside.
CREATE OR REPLACE VIEW thread_stats AS
WITH v AS (
    -- one pass over iterations: the values kept, and whether any was left out (which sets a
    -- source report's printed statistics aside)
    SELECT run_id, threads, metric,
           list(value ORDER BY iteration) FILTER (WHERE NOT excluded) AS xs,
           list(iteration ORDER BY iteration) FILTER (WHERE NOT excluded) AS its,
           bool_or(excluded) AS any_excluded
    FROM iterations
    WHERE status = 'completed'
    GROUP BY ALL
    HAVING count(*) FILTER (WHERE NOT excluded) > 0
), centre AS (
    SELECT *, len(xs) AS n, list_sum(xs) / len(xs) AS mean FROM v
), moments AS (
    SELECT *,
           list_sum(list_transform(xs, lambda x: power(x - mean, 2))) / n AS m2,
           list_sum(list_transform(xs, lambda x: power(x - mean, 3))) / n AS m3
    FROM centre
), computed AS (
    SELECT run_id, threads, metric, n, mean,
           list_max(xs) AS max,
           list_min(xs) AS min,
           sqrt(m2) AS stddev,
           CASE WHEN mean = 0 THEN NULL ELSE sqrt(m2) / mean END AS cov,
           r7_percentile(xs, 0.5) AS median,
           r7_percentile(xs, 0.95) AS p95,
           r7_percentile(xs, 0.99) AS p99,
           CASE WHEN sqrt(m2) <= 1e-12 * greatest(1, abs(mean)) THEN 0 ELSE m3 / power(m2, 1.5) END AS skewness,
           xs AS iteration_values,
           its AS iteration_numbers,
           any_excluded
    FROM moments
), printed AS (
    -- each statistic at the most decimals the report printed it with
    SELECT run_id, threads, metric,
           arg_max(value, decimals) FILTER (WHERE statistic = 'mean') AS mean,
           arg_max(value, decimals) FILTER (WHERE statistic = 'max') AS max,
           arg_max(value, decimals) FILTER (WHERE statistic = 'min') AS min,
           arg_max(value, decimals) FILTER (WHERE statistic = 'stddev') AS stddev,
           arg_max(value, decimals) FILTER (WHERE statistic = 'cov') AS cov,
           arg_max(value, decimals) FILTER (WHERE statistic = 'median') AS median,
           arg_max(value, decimals) FILTER (WHERE statistic = 'p95') AS p95,
           arg_max(value, decimals) FILTER (WHERE statistic = 'p99') AS p99,
           arg_max(value, decimals) FILTER (WHERE statistic = 'skewness') AS skewness
    FROM source_statistics
    GROUP BY ALL
), chosen AS (
    SELECT c.*, p.mean AS p_mean, p.max AS p_max, p.min AS p_min, p.stddev AS p_stddev,
           p.cov AS p_cov, p.median AS p_median, p.p95 AS p_p95, p.p99 AS p_p99,
           p.skewness AS p_skewness,
           p.run_id IS NOT NULL AND NOT c.any_excluded AS use_source,
           p.run_id IS NOT NULL AND c.any_excluded AS source_set_aside
    FROM computed c
    LEFT JOIN printed p USING (run_id, threads, metric)
)
SELECT run_id, threads, metric, n,
       CASE WHEN use_source THEN coalesce(p_mean, mean) ELSE mean END AS mean,
       CASE WHEN use_source THEN coalesce(p_max, max) ELSE max END AS max,
       CASE WHEN use_source THEN coalesce(p_min, min) ELSE min END AS min,
       CASE WHEN use_source THEN coalesce(p_stddev, stddev) ELSE stddev END AS stddev,
       CASE WHEN use_source THEN coalesce(p_cov, cov) ELSE cov END AS cov,
       CASE WHEN use_source THEN coalesce(p_median, median) ELSE median END AS median,
       CASE WHEN use_source THEN coalesce(p_p95, p95) ELSE p95 END AS p95,
       CASE WHEN use_source THEN coalesce(p_p99, p99) ELSE p99 END AS p99,
       CASE WHEN use_source THEN coalesce(p_skewness, skewness) ELSE skewness END AS skewness,
       iteration_values,
       iteration_numbers,
       CASE WHEN use_source THEN 'source' ELSE 'iterations' END AS statistics_from,
       source_set_aside
FROM chosen;
