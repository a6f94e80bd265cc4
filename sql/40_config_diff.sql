-- Settings that differ between two datasets (each dataset's latest completed run): from the cnf
-- (name=value lines of Config Contents, source 'cnf') and the global variables (source 'variable').
-- Query it with WHERE dataset_a = ? AND dataset_b = ?.
CREATE OR REPLACE VIEW latest_completed_runs AS
SELECT * EXCLUDE (rn)
FROM (SELECT run_id, dataset, row_number() OVER (PARTITION BY dataset ORDER BY started_at DESC) AS rn
      FROM runs WHERE status = 'completed' AND confirms_alert IS NULL)
WHERE rn = 1;

CREATE OR REPLACE VIEW dataset_settings AS
WITH latest AS (SELECT * FROM latest_completed_runs), cnf AS (
    SELECT l.dataset, 'cnf' AS source,
           lower(replace(trim(split_part(line, '=', 1)), '-', '_')) AS setting,
           trim(substr(line, strpos(line, '=') + 1)) AS value
    FROM latest l JOIN environments e USING (run_id),
         unnest(string_split(coalesce(e.config_contents, ''), chr(10))) AS u(line)
    WHERE strpos(line, '=') > 0 AND NOT starts_with(trim(line), '#') AND NOT starts_with(trim(line), ';')
), vars AS (
    SELECT l.dataset, 'variable' AS source, k AS setting, json_extract_string(e.variables_json, '$."' || k || '"') AS value
    FROM latest l JOIN environments e USING (run_id),
         unnest(json_keys(coalesce(e.variables_json, '{}'))) AS u(k)
)
SELECT * FROM cnf UNION ALL SELECT * FROM vars;

CREATE OR REPLACE VIEW config_diff AS
WITH pairs AS (
    SELECT a.dataset AS dataset_a, b.dataset AS dataset_b
    FROM latest_completed_runs a, latest_completed_runs b
    WHERE a.dataset <> b.dataset
), keys AS (
    SELECT DISTINCT p.dataset_a, p.dataset_b, s.source, s.setting
    FROM pairs p JOIN dataset_settings s ON s.dataset = p.dataset_a OR s.dataset = p.dataset_b
)
SELECT k.dataset_a, k.dataset_b, k.source, k.setting, a.value AS value_a, b.value AS value_b
FROM keys k
LEFT JOIN dataset_settings a ON a.dataset = k.dataset_a AND a.source = k.source AND a.setting = k.setting
LEFT JOIN dataset_settings b ON b.dataset = k.dataset_b AND b.source = k.source AND b.setting = k.setting
WHERE a.value IS DISTINCT FROM b.value;
