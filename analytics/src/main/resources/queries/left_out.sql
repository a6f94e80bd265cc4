-- The iterations annotations left out of the given runs (parameter: a list of run ids).
SELECT dataset, run_id, threads, iteration, reason
FROM left_out
WHERE list_contains(?, run_id)
ORDER BY dataset, threads, iteration
