-- The runs that iteration rows of ingests after ? reached: none, and an evaluation has no series
-- to read (only the raw iterations are scanned, no view is built); else the runs whose report
-- intervals it checks.
SELECT DISTINCT run_id FROM raw_iterations WHERE ingest_seq > ? ORDER BY run_id
