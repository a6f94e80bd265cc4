-- The runs page: one row per run with its version and host, filtered (a NULL filter lets all
-- through), ordered by the column the page asks for (one of DashboardQueries.RUN_ORDER), paged.
-- total is the number of runs the filters let through.
SELECT r.run_id, r.started_at, r.dataset, r.test_name, e.db_version AS version,
       e.host_name AS host, strftime(r.started_at, '%Y-%m') AS month, r.status, r.excluded,
       count(*) OVER () AS total
FROM runs r
LEFT JOIN environments e USING (run_id)
WHERE (CAST(? AS VARCHAR) IS NULL OR r.test_name = ?)
  AND (CAST(? AS VARCHAR) IS NULL OR e.db_version = ?)
  AND (CAST(? AS VARCHAR) IS NULL OR e.host_name = ?)
  AND (CAST(? AS VARCHAR) IS NULL OR strftime(r.started_at, '%Y-%m') = ?)
  AND (CAST(? AS VARCHAR) IS NULL OR r.status = ?)
ORDER BY /*ORDER*/ NULLS LAST, r.run_id
LIMIT ? OFFSET ?
