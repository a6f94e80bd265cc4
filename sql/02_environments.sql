-- The environment of each run: the newest snapshot it published (none of a retracted run).
CREATE OR REPLACE VIEW environments AS
SELECT * EXCLUDE (rn)
FROM (SELECT *, row_number() OVER (PARTITION BY run_id ORDER BY emitted_at DESC, ingest_seq DESC) AS rn
      FROM raw_environments ANTI JOIN retracted_runs USING (run_id))
WHERE rn = 1;
