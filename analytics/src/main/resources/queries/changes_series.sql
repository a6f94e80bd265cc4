-- The history of one test, thread count and metric on one host: per completed run its iteration
-- values, ordered by time, or by release and then time.
-- Parameters: test (canonical), threads, metric, host, host (NULL: any), by_release x3.
-- The same rows as thread_stats JOIN run_series give (iteration_values: the completed iterations
-- not left out, in iteration order; a run none of whose iterations is kept has none), read
-- through the narrower views under them: only the run's start and end, its environment and the
-- iterations at this thread count and metric, not every column and statistic of every run
-- (ChangesHistoryTest compares the two on random warehouses).
WITH v AS (
    SELECT s.run_id, s.started_at, e.db_version,
           coalesce(cd.canonical, s.dataset) AS dataset, e.host_name,
           TRY_CAST(regexp_extract(e.db_version, '^(\d+)\.(\d+)\.(\d+)', 1) AS INTEGER) AS major,
           TRY_CAST(regexp_extract(e.db_version, '^(\d+)\.(\d+)\.(\d+)', 2) AS INTEGER) AS minor,
           TRY_CAST(regexp_extract(e.db_version, '^(\d+)\.(\d+)\.(\d+)', 3) AS INTEGER) AS patch
    FROM started_runs s
    JOIN finished_runs f USING (run_id)
    LEFT JOIN environments e USING (run_id)
    LEFT JOIN canonical_names cd ON cd.kind = 'dataset' AND cd.name = s.dataset
    LEFT JOIN canonical_names ct ON ct.kind = 'test' AND ct.name = s.test_name
    WHERE f.status = 'completed' AND coalesce(ct.canonical, s.test_name) = ?
), t AS (
    SELECT run_id, list(value ORDER BY iteration) AS iteration_values
    FROM iterations
    WHERE threads = ? AND metric = ? AND status = 'completed' AND NOT excluded
    GROUP BY run_id
)
SELECT v.run_id, v.started_at, v.db_version, v.dataset, v.host_name, t.iteration_values
FROM t JOIN v USING (run_id)
WHERE (? IS NULL OR v.host_name = ?)
ORDER BY CASE WHEN ? THEN v.major END, CASE WHEN ? THEN v.minor END,
         CASE WHEN ? THEN v.patch END, v.started_at, v.run_id
