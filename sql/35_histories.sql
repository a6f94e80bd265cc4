-- The histories `benchlake changes` reads, one per test, thread count, metric and series (testbed
-- and config line, sql/30_series.sql; testbed its machine): the
-- completed runs with their newest start and end, environment and canonical names, their config
-- (the fingerprint, where known) and tool (run_started's source) for the markers, and per run,
-- thread count and metric the values of the completed iterations not left out, in iteration
-- order. Read through the narrow views under `runs` and `thread_stats` (only the run's start and
-- end, its environment and its iterations), not every column and statistic of every run: one
-- series (queries/changes_series.sql) and every series at once (changes_every_*.sql, which an
-- ingest keeps for `changes` at its commit) select from the same two views.
-- history_run_facts: the runs of the histories without their series and config (which need every
-- run of a test's testbed): what the alerts' evaluation keeps per run (alerts/kept_run_facts.sql),
-- read for a few runs at a time. history_runs adds the series.
CREATE OR REPLACE VIEW history_run_facts AS
SELECT s.run_id, coalesce(ct.canonical, s.test_name) AS test_name, s.started_at, e.db_version,
       coalesce(cd.canonical, s.dataset) AS dataset, s.testbed AS published_testbed, s.source
FROM started_runs s
JOIN finished_runs f USING (run_id)
LEFT JOIN environments e USING (run_id)
LEFT JOIN canonical_run_names cd ON cd.kind = 'dataset' AND cd.name = s.dataset
LEFT JOIN canonical_run_names ct ON ct.kind = 'test' AND ct.name = s.test_name
WHERE f.status = 'completed' AND s.run_id NOT IN (SELECT run_id FROM confirm_runs);

CREATE OR REPLACE VIEW history_runs AS
SELECT h.run_id, h.test_name, h.started_at, h.db_version, h.dataset, rs.series, rs.testbed,
       CASE WHEN rs.config_known THEN left(rs.config_fingerprint, 8) END AS config, h.source AS tool,
       TRY_CAST(regexp_extract(h.db_version, '^(\d+)\.(\d+)\.(\d+)', 1) AS INTEGER) AS major,
       TRY_CAST(regexp_extract(h.db_version, '^(\d+)\.(\d+)\.(\d+)', 2) AS INTEGER) AS minor,
       TRY_CAST(regexp_extract(h.db_version, '^(\d+)\.(\d+)\.(\d+)', 3) AS INTEGER) AS patch
FROM history_run_facts h
LEFT JOIN series_of_runs rs USING (run_id);

CREATE OR REPLACE VIEW history_values AS
SELECT run_id, threads, metric, list(value ORDER BY iteration) AS iteration_values
FROM iterations
WHERE status = 'completed' AND NOT excluded
GROUP BY run_id, threads, metric;
