-- One value per run x thread count x iteration x metric. Where more than one ingest wrote it,
-- a complete iteration beats one seen only in part, the source's value beats one computed from
-- samples, and the newer ingest beats the older.
CREATE OR REPLACE VIEW iterations AS
SELECT * EXCLUDE (rn)
FROM (SELECT *, row_number() OVER (
          PARTITION BY run_id, threads, iteration, metric
          ORDER BY (status = 'incomplete'), computed, ingest_seq DESC) AS rn
      FROM raw_iterations)
WHERE rn = 1;
