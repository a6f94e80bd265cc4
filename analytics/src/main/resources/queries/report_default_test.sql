-- The test of the most recent completed run: what a report shows when no test is named.
SELECT test_name FROM runs WHERE status = 'completed' ORDER BY started_at DESC LIMIT 1
