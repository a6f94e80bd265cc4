-- The per-second series of one run: throughput, latency and errors per report interval.
SELECT threads, iteration, offset_s, tps, latency_pct_ms, errors_ps
FROM samples
WHERE run_id = ?
ORDER BY threads, iteration, offset_s
