-- What one run of an alert's cell recorded, for its re-run: the parameters of its run_started (as
-- published, before aliases), its properties, and the server it ran on (environment_snapshot).
SELECT s.run_id, s.dataset, s.test_name, s.source, s.workload, s.tables, s.table_size, s.warehouses,
       s.duration_s, s.duration_unit, s.iterations, s.threads, s.warmup_s, s.report_interval_s,
       s.rand_type,
       s.properties_json, t.testbed, e.config_origin, e.db_version, e.config_contents, e.install_dir
FROM started_runs s
LEFT JOIN environments e USING (run_id)
LEFT JOIN testbed_names t USING (run_id)
WHERE s.run_id = ?
