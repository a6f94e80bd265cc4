-- One row per sample event (per report interval of an iteration), each event once. Partitioned
-- by run as well (retracted runs left out), so that a filter on run_id (a report's time series) is applied before the dedup.
CREATE OR REPLACE VIEW samples AS
SELECT * EXCLUDE (rn)
FROM (SELECT *, row_number() OVER (PARTITION BY run_id, event_id ORDER BY ingest_seq DESC) AS rn
      FROM raw_samples ANTI JOIN retracted_runs USING (run_id))
WHERE rn = 1;
