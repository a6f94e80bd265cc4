-- A series of the trend page: per completed run of a test, its iteration values (those not left
-- out) at one thread count and metric, oldest first, optionally of one testbed (the machine).
SELECT h.run_id, h.started_at, h.dataset, h.db_version, h.testbed, v.iteration_values
FROM history_runs h
JOIN history_values v USING (run_id)
WHERE h.test_name = ? AND v.threads = ? AND v.metric = ?
  AND (CAST(? AS VARCHAR) IS NULL OR h.testbed = ?)
ORDER BY h.started_at, h.run_id
