-- The annotations of one run, oldest first (the newest covering an iteration decides it).
SELECT emitted_at, threads, iteration, action, reason, author
FROM annotations
WHERE run_id = ?
ORDER BY emitted_at, event_id
