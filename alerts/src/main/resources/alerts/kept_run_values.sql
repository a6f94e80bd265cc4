-- What the alerts' evaluation keeps of each run's values: per thread count and metric, the values
-- of its completed iterations not left out, in iteration order (sql/35_histories.sql). Only the
-- runs listed where the marker below is replaced by a filter; every run without one.
SELECT run_id, threads, metric, iteration_values
FROM history_values
WHERE threads IS NOT NULL AND metric IS NOT NULL /*listed*/
