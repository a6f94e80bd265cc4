-- The values the runs page offers in its filters.
SELECT 'test' AS filter, test_name AS value FROM runs GROUP BY test_name
UNION ALL SELECT 'version', db_version FROM environments WHERE db_version IS NOT NULL GROUP BY db_version
UNION ALL SELECT 'host', host_name FROM environments WHERE host_name IS NOT NULL GROUP BY host_name
UNION ALL SELECT 'month', strftime(started_at, '%Y-%m') FROM runs GROUP BY 2
UNION ALL SELECT 'status', status FROM runs GROUP BY status
UNION ALL SELECT 'testbed', testbed FROM runs WHERE testbed IS NOT NULL GROUP BY testbed
UNION ALL SELECT 'dataset', dataset FROM runs GROUP BY dataset
ORDER BY filter, value
