-- The title lines of the source reports of the given runs (a list of run ids) and metric.
SELECT DISTINCT title
FROM source_statistics
WHERE metric = ? AND list_contains(?, run_id) AND title IS NOT NULL AND title <> ''
