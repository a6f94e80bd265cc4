-- The iteration table of one run: each thread count, iteration and metric, with what statistics
-- left out and the thread count's coefficient of variation (its stability).
SELECT i.threads, i.iteration, i.metric, i.value, i.unit, i.status, i.excluded, i.excluded_reason,
       round(t.cov, 4) AS cov
FROM iterations i
LEFT JOIN thread_stats t ON t.run_id = i.run_id AND t.threads = i.threads AND t.metric = i.metric
WHERE i.run_id = ?
ORDER BY i.threads, i.iteration, i.metric
