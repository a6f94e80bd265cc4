-- changes_series.sql as it read before (#25): the history through thread_stats and run_series,
-- kept here to check that the narrower query gives the same rows (ChangesSeriesQueryTest).
-- The history of one test, thread count and metric on one host: per completed run its iteration
-- values, ordered by time, or by release and then time.
-- Parameters: test, threads, metric, host, host (NULL: any), by_release x3.
WITH v AS (
    SELECT s.*,
           TRY_CAST(regexp_extract(s.db_version, '^(\d+)\.(\d+)\.(\d+)', 1) AS INTEGER) AS major,
           TRY_CAST(regexp_extract(s.db_version, '^(\d+)\.(\d+)\.(\d+)', 2) AS INTEGER) AS minor,
           TRY_CAST(regexp_extract(s.db_version, '^(\d+)\.(\d+)\.(\d+)', 3) AS INTEGER) AS patch
    FROM run_series s
    WHERE s.status = 'completed'
)
SELECT v.run_id, epoch_us(v.started_at) AS started_us, v.db_version, v.dataset, v.series, t.iteration_values
FROM thread_stats t JOIN v USING (run_id)
WHERE v.test_name = ? AND t.threads = ? AND t.metric = ?
  AND (? IS NULL OR ? IN (v.series, v.testbed))
ORDER BY CASE WHEN ? THEN v.major END, CASE WHEN ? THEN v.minor END,
         CASE WHEN ? THEN v.patch END, v.started_at, v.run_id
