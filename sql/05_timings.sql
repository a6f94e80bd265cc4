-- TPROC-C time profile: one row per run x thread count x iteration x stored procedure.
CREATE OR REPLACE VIEW timings AS
SELECT * EXCLUDE (rn)
FROM (SELECT *, row_number() OVER (PARTITION BY run_id, threads, iteration, procedure ORDER BY ingest_seq DESC) AS rn
      FROM raw_timings)
WHERE rn = 1;
