-- The history of one test, thread count and metric on one host: per completed run its iteration
-- values (the completed ones not left out, in iteration order, as thread_stats.iteration_values),
-- ordered by time, or by release and then time. Read from the iterations of that test, thread
-- count and metric only: thread_stats computes every statistic of every run first (0.3-0.5 s over
-- a 1,000-run history); ChangesSeriesQueryTest checks both give the same rows.
-- Parameters: test, host, host (NULL: any), threads, metric, by_release x3.
WITH v AS (
    SELECT s.*,
           TRY_CAST(regexp_extract(s.db_version, '^(\d+)\.(\d+)\.(\d+)', 1) AS INTEGER) AS major,
           TRY_CAST(regexp_extract(s.db_version, '^(\d+)\.(\d+)\.(\d+)', 2) AS INTEGER) AS minor,
           TRY_CAST(regexp_extract(s.db_version, '^(\d+)\.(\d+)\.(\d+)', 3) AS INTEGER) AS patch
    FROM run_series s
    WHERE s.status = 'completed' AND s.test_name = ? AND (? IS NULL OR s.host_name = ?)
), t AS (
    SELECT run_id, list(value ORDER BY iteration) FILTER (WHERE NOT excluded) AS iteration_values
    FROM iterations
    WHERE status = 'completed' AND threads = ? AND metric = ?
      AND run_id IN (SELECT run_id FROM v)
    GROUP BY run_id
    HAVING count(*) FILTER (WHERE NOT excluded) > 0
)
SELECT v.run_id, v.started_at, v.db_version, v.dataset, v.host_name, t.iteration_values
FROM t JOIN v USING (run_id)
ORDER BY CASE WHEN ? THEN v.major END, CASE WHEN ? THEN v.minor END,
         CASE WHEN ? THEN v.patch END, v.started_at, v.run_id
