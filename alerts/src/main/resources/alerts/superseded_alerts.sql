-- The active alerts (raised or moved) whose series an alias merged into another: their test, or
-- the dataset that stands as their testbed ('dataset NAME'), now has another canonical name
-- (canonical_run_names, sql/00_aliases.sql). With the series they went into.
SELECT a.alert_id, a.test_name, a.metric, a.threads, a.testbed, a.kind, a.direction,
       a.located_run_id, epoch_us(a.raised_at) AS raised_us, epoch_us(a.located_at) AS located_us,
       coalesce(t.canonical, a.test_name) AS test_into,
       coalesce('dataset ' || d.canonical, a.testbed) AS testbed_into
FROM alerts a
LEFT JOIN canonical_run_names t ON t.kind = 'test' AND t.name = a.test_name
LEFT JOIN canonical_run_names d ON d.kind = 'dataset' AND a.testbed = 'dataset ' || d.name
WHERE a.status IN ('raised', 'moved')
  AND (t.canonical IS DISTINCT FROM a.test_name AND t.canonical IS NOT NULL
       OR d.canonical IS DISTINCT FROM d.name AND d.canonical IS NOT NULL)
ORDER BY a.alert_id
