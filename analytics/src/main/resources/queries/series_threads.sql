-- The thread counts a test's completed runs have for a metric, for listing the valid ones.
SELECT DISTINCT t.threads
FROM thread_stats t JOIN runs r USING (run_id)
WHERE r.test_name = ? AND t.metric = ? AND r.status = 'completed'
ORDER BY 1
