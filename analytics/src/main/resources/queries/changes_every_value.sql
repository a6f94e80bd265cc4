-- Every series' values: per test, thread count, metric and completed run, the values of its
-- completed iterations not left out, in iteration order (as changes_series.sql gives them).
SELECT v.test_name, t.threads, t.metric, t.run_id, t.iteration_values
FROM history_values t JOIN history_runs v USING (run_id)
WHERE v.test_name IS NOT NULL AND t.threads IS NOT NULL AND t.metric IS NOT NULL
ORDER BY v.test_name, t.threads, t.metric
