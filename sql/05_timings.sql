-- TPROC-C time profile: one row per run x thread count x iteration x stored procedure x virtual
-- user; vu is NULL for the summary of all virtual users (HammerDB's SUMMARY block), which is what
-- the <PROC>_<stat> metrics of the iterations view carry. Each row once, newest ingest first;
-- retracted runs left out.
CREATE OR REPLACE VIEW timings AS
SELECT * EXCLUDE (rn)
FROM (SELECT *, row_number() OVER (PARTITION BY run_id, threads, iteration, procedure, vu ORDER BY ingest_seq DESC) AS rn
      FROM raw_timings ANTI JOIN retracted_runs USING (run_id))
WHERE rn = 1;
