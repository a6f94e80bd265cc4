-- The views the SQL console offers, with their columns.
SELECT table_name AS view, string_agg(column_name, ', ' ORDER BY ordinal_position) AS columns
FROM information_schema.columns
WHERE table_schema = 'main' AND table_name NOT LIKE 'raw\_%' ESCAPE '\'
GROUP BY table_name
ORDER BY table_name
