-- The settings of one run: name=value lines of its cnf (source 'cnf') and its global variables
-- (source 'variable'), from its environment snapshot.
SELECT 'cnf' AS source,
       lower(replace(trim(split_part(line, '=', 1)), '-', '_')) AS setting,
       trim(substr(line, strpos(line, '=') + 1)) AS value
FROM environments e, unnest(string_split(coalesce(e.config_contents, ''), chr(10))) AS u(line)
WHERE e.run_id = ? AND strpos(line, '=') > 0
  AND NOT starts_with(trim(line), '#') AND NOT starts_with(trim(line), ';')
UNION ALL
SELECT 'variable', k, json_extract_string(e.variables_json, '$."' || k || '"')
FROM environments e, unnest(json_keys(coalesce(e.variables_json, '{}'))) AS u(k)
WHERE e.run_id = ?
ORDER BY 1, 2
