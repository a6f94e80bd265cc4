-- The series an alert is in (test, metric, thread count, testbed; a run without a testbed is in
-- the series 'dataset NAME', as the alerts' evaluation reads it): one point per completed run, the
-- mean of its iterations not left out, oldest first.
SELECT h.run_id, h.started_at, h.dataset, h.db_version AS version,
       list_avg(v.iteration_values) AS value
FROM history_values v
JOIN history_runs h USING (run_id)
JOIN started_runs s USING (run_id)
WHERE h.test_name = ? AND v.metric = ? AND v.threads = ?
  AND coalesce(s.testbed, 'dataset ' || h.dataset) = ?
  AND len(v.iteration_values) > 0
ORDER BY h.started_at, h.run_id
