-- The metrics a test's completed runs have, for listing the valid ones.
SELECT DISTINCT i.metric
FROM iterations i JOIN runs r USING (run_id)
WHERE r.test_name = ? AND r.status = 'completed'
ORDER BY 1
