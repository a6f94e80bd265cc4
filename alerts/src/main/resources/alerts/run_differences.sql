-- The cnf and variable settings that differ between two datasets' latest completed runs, as the
-- config_diff view has them (sql/40_config_diff.sql), read from the kept histories' runs and the
-- environments of those two runs alone: config_diff pairs every dataset's latest run with every
-- other's before the filter applies (1.2-1.4 s over 33,334 runs, bench/alerts). Parameters: dataset
-- before, dataset after, the same two again.
WITH latest AS (
    SELECT dataset, arg_max(run_id, started_at) AS run_id
    FROM kept.run_facts WHERE dataset IN (?, ?) GROUP BY dataset
), env AS (
    SELECT l.dataset, e.config_contents, e.variables_json
    FROM latest l
    JOIN (SELECT * FROM raw_environments WHERE run_id IN (SELECT run_id FROM latest)) e USING (run_id)
    QUALIFY row_number() OVER (PARTITION BY e.run_id ORDER BY e.emitted_at DESC, e.ingest_seq DESC) = 1
), settings AS (
    SELECT dataset, 'cnf' AS source,
           lower(replace(trim(split_part(line, '=', 1)), '-', '_')) AS setting,
           trim(substr(line, strpos(line, '=') + 1)) AS value
    FROM env, unnest(string_split(coalesce(config_contents, ''), chr(10))) AS u(line)
    WHERE strpos(line, '=') > 0 AND NOT starts_with(trim(line), '#') AND NOT starts_with(trim(line), ';')
    UNION ALL
    SELECT dataset, 'variable' AS source, k AS setting,
           json_extract_string(variables_json, '$."' || k || '"') AS value
    FROM env, unnest(json_keys(coalesce(variables_json, '{}'))) AS u(k)
), a AS (
    SELECT * FROM settings WHERE dataset = ?
), b AS (
    SELECT * FROM settings WHERE dataset = ?
)
SELECT coalesce(a.source, b.source) AS source, coalesce(a.setting, b.setting) AS setting,
       a.value AS value_a, b.value AS value_b
FROM a FULL JOIN b ON a.source = b.source AND a.setting = b.setting
WHERE a.value IS DISTINCT FROM b.value
ORDER BY source, setting
