-- Every completed run of every test, in the order of a history by time (started_at, run_id, as in
-- changes_series.sql), with its rank in the order by release (major, minor, patch, then time), its
-- config and tool.
SELECT test_name, run_id, epoch_us(started_at) AS started_us, db_version, dataset, series,
       row_number() OVER (PARTITION BY test_name
                          ORDER BY major, minor, patch, started_at, run_id) AS release_rank,
       config, tool
FROM history_runs
WHERE test_name IS NOT NULL
ORDER BY test_name, started_at, run_id
