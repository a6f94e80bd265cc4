-- The runs whose rows came with the ingests after ? (the commit the kept histories were made at;
-- the same parameter five times). Everything a run's kept entry is made of is the run's own: its
-- run_started, run_finished and run_source, its environment, its iteration rows, the annotations
-- of it (left-out iterations) and its retraction; so these runs' entries are made again and every
-- other run's stands. Aliases, which rename other runs, are asked apart (kept_aliases_since.sql).
SELECT run_id FROM raw_runs WHERE ingest_seq > ?
UNION SELECT run_id FROM raw_environments WHERE ingest_seq > ?
UNION SELECT run_id FROM raw_iterations WHERE ingest_seq > ?
UNION SELECT run_id FROM raw_annotations WHERE ingest_seq > ?
UNION SELECT run_id FROM raw_retractions WHERE ingest_seq > ?
