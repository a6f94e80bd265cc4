-- Baseline and candidate side by side: every test, thread count and metric both have (the
-- headline metric TPS or NOPM unless one is named); per side the mean of every completed run
-- (the run-to-run noise, when a dataset has several runs) and the iteration values of its latest
-- run (what a dataset of one run offers).
-- Parameters: baseline, candidate, baseline, candidate, test x2, metric x2.
WITH r AS (
    SELECT r.dataset, r.test_name, r.started_at, r.run_id, t.threads, t.metric, t.mean,
           t.iteration_values
    FROM runs r JOIN thread_stats t USING (run_id)
    WHERE r.status = 'completed' AND NOT r.excluded AND r.confirms_alert IS NULL
      AND r.dataset IN (?, ?)
), s AS (
    SELECT dataset, test_name, threads, metric,
           list(mean ORDER BY started_at, run_id) AS run_means,
           arg_max(iteration_values, (started_at, run_id)) AS latest_values
    FROM r GROUP BY dataset, test_name, threads, metric
)
SELECT b.test_name, b.threads, b.metric,
       b.run_means AS base_runs, b.latest_values AS base_values,
       c.run_means AS cand_runs, c.latest_values AS cand_values
FROM s b
JOIN s c USING (test_name, threads, metric)
WHERE b.dataset = ? AND c.dataset = ?
  AND (? IS NULL OR b.test_name = ?)
  AND ((? IS NULL AND b.metric IN ('TPS', 'NOPM')) OR b.metric = ?)
ORDER BY b.test_name, b.metric, b.threads
