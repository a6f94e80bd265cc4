-- The run an annotation names: its id, or the start of it (as git takes a commit), with its
-- start (the month the annotation lands in), dataset, test, and the thread counts and iterations
-- it has. Parameter: the id or prefix.
SELECT r.run_id, r.started_at, r.dataset, r.test_name,
       list(DISTINCT i.threads ORDER BY i.threads) AS threads,
       max(i.iteration) AS iterations
FROM runs r LEFT JOIN iterations i USING (run_id)
WHERE starts_with(r.run_id, ?)
GROUP BY ALL
ORDER BY r.run_id
LIMIT 5
