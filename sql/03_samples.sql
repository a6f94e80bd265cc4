-- One row per sample event (per report interval of an iteration), each event once. Partitioned
-- by run as well, so that a filter on run_id (a report's time series) is applied before the dedup.
CREATE OR REPLACE VIEW samples AS
SELECT * EXCLUDE (rn)
FROM (SELECT *, row_number() OVER (PARTITION BY run_id, event_id ORDER BY ingest_seq DESC) AS rn FROM raw_samples)
WHERE rn = 1;
