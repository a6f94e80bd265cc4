-- The per-interval series of one iteration of one run: offset, tps (or nopm for TPROC-C) and qps.
SELECT offset_s, coalesce(nopm, tps) AS value, qps
FROM samples
WHERE run_id = ? AND threads = ? AND iteration = ? AND phase = 'measured'
ORDER BY offset_s
