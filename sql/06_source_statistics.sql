-- The statistics a source report (a TAF comparison report) printed, one row per run x metric x
-- thread count x statistic x decimals (a mean printed at 3 decimals in the Comparison table and at
-- 2 in the Thread Count table is two rows), each event's rows once, newest ingest first. title:
-- the report's title lines, one per line.
CREATE OR REPLACE VIEW source_statistics AS
SELECT * EXCLUDE (rn)
FROM (SELECT *, row_number() OVER (PARTITION BY event_id, threads, statistic, decimals
                                   ORDER BY ingest_seq DESC) AS rn
      FROM raw_source_statistics)
WHERE rn = 1;
