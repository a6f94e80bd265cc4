-- The config and variable settings that differ between two datasets' latest runs (config_diff).
SELECT source, setting, value_a, value_b FROM config_diff
WHERE dataset_a = ? AND dataset_b = ?
ORDER BY source, setting
