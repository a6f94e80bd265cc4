-- One row per sample event (per report interval of an iteration), each event once.
CREATE OR REPLACE VIEW samples AS
SELECT * EXCLUDE (rn)
FROM (SELECT *, row_number() OVER (PARTITION BY event_id ORDER BY ingest_seq DESC) AS rn FROM raw_samples)
WHERE rn = 1;
