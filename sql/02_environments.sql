-- The environment of each run: the newest snapshot it published.
CREATE OR REPLACE VIEW environments AS
SELECT * EXCLUDE (rn)
FROM (SELECT *, row_number() OVER (PARTITION BY run_id ORDER BY emitted_at DESC, ingest_seq DESC) AS rn
      FROM raw_environments)
WHERE rn = 1;
