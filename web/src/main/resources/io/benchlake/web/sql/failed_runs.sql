-- The overview's newest runs that did not complete (failed, aborted, ...; running ones aside).
SELECT r.run_id, r.started_at, r.dataset, r.test_name, r.status, r.error
FROM runs r
WHERE r.status NOT IN ('completed', 'running')
ORDER BY r.started_at DESC, r.run_id
LIMIT 20
