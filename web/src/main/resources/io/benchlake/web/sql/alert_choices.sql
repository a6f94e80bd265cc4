-- The values the alerts page offers in its filters: the kinds, tests and testbeds of the alerts.
SELECT 'kind' AS filter, kind AS value FROM alerts GROUP BY kind
UNION ALL SELECT 'test', test_name FROM alerts GROUP BY test_name
UNION ALL SELECT 'testbed', testbed FROM alerts WHERE testbed IS NOT NULL GROUP BY testbed
ORDER BY filter, value
