-- The tests that have a completed run, for listing the valid ones.
SELECT DISTINCT test_name FROM runs WHERE status = 'completed' AND test_name IS NOT NULL ORDER BY 1
