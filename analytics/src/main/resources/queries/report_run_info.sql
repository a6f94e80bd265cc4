-- What a report shows of one run: its parameters and its environment.
SELECT r.test_suite, r.test_name, r.tag, r.duration_s, r.duration_unit, r.iterations, r.table_size,
       r.tables, r.warehouses, r.thread_ladder, r.properties_json, r.started_at,
       e.host_name, e.cpu_model, e.logical_cpus, e.cores, e.sockets, e.os, e.os_version, e.kernel,
       e.ram_bytes, e.disk, e.db_maker, e.db_version, e.engine, e.install_dir, e.config_origin,
       e.config_file, e.config_run_file, e.config_contents
FROM runs r LEFT JOIN environments e USING (run_id)
WHERE r.run_id = ?
