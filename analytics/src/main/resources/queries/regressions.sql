-- Baseline and candidate side by side: every test, thread count and metric both have (the
-- headline metric TPS or NOPM unless one is named), each side's iteration values.
SELECT b.test_name, b.threads, b.metric, b.iteration_values AS base_values, c.iteration_values AS cand_values
FROM comparison b
JOIN comparison c USING (test_name, threads, metric)
WHERE b.dataset = ? AND c.dataset = ?
  AND (? IS NULL OR b.test_name = ?)
  AND ((? IS NULL AND b.metric IN ('TPS', 'NOPM')) OR b.metric = ?)
ORDER BY b.test_name, b.metric, b.threads
