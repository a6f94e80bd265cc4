-- The runs of a dataset (and of a test, when given) left out whole by an annotation.
SELECT run_id, test_name, excluded_reason
FROM runs
WHERE dataset = ? AND excluded AND (? IS NULL OR test_name = ?)
ORDER BY started_at, run_id
