-- How many completed runs of a test at a thread count with a metric have no server version: what
-- `trend --by release` says when it has no release to show.
-- Parameters: test (canonical), threads, metric.
SELECT count(*)
FROM iteration_totals t JOIN run_series s USING (run_id)
WHERE s.status = 'completed' AND s.test_name = ? AND t.threads = ? AND t.metric = ?
  AND TRY_CAST(regexp_extract(s.db_version, '^(\d+)\.(\d+)\.(\d+)', 1) AS INTEGER) IS NULL
