-- Annotations (`benchlake annotate`): a run, one of its thread counts or one iteration left out of
-- statistics (exclude) or taken back in (include), with the reason; each event once.
CREATE OR REPLACE VIEW annotations AS
SELECT * EXCLUDE (rn)
FROM (SELECT *, row_number() OVER (PARTITION BY event_id ORDER BY ingest_seq DESC) AS rn
      FROM raw_annotations)
WHERE rn = 1;

-- The runs left out whole: the newest annotation of the run itself (no thread count, no
-- iteration) says exclude.
CREATE OR REPLACE VIEW run_exclusions AS
SELECT run_id, reason
FROM (SELECT *, row_number() OVER (PARTITION BY run_id ORDER BY emitted_at DESC, event_id DESC) AS rn
      FROM annotations WHERE threads IS NULL AND iteration IS NULL)
WHERE rn = 1 AND action = 'exclude';
