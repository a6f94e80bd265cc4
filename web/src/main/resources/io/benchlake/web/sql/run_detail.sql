-- One run as the runs view has it, with its environment (host, server, config).
SELECT r.*, e.host_name, e.cpu_model, e.logical_cpus, e.ram_bytes, e.os, e.kernel, e.db_maker,
       e.db_version, e.engine, e.config_origin, e.config_file, e.config_contents
FROM runs r
LEFT JOIN environments e USING (run_id)
WHERE r.run_id = ?
