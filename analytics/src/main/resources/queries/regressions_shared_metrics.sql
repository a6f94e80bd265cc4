-- The tests and metrics two datasets both have at some thread count (a test when given).
SELECT DISTINCT b.test_name, b.metric
FROM comparison b
JOIN comparison c USING (test_name, threads, metric)
WHERE b.dataset = ? AND c.dataset = ? AND (? IS NULL OR b.test_name = ?)
ORDER BY b.test_name, b.metric
