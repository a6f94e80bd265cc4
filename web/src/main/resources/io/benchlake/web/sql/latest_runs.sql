-- The overview's newest runs (of any status).
SELECT r.run_id, r.started_at, r.dataset, r.test_name, r.status
FROM runs r
ORDER BY r.started_at DESC, r.run_id
LIMIT 20
