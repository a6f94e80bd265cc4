-- One row per run: what run_started said, and how the run ended (run_finished), or 'running'.
-- properties_json lists run_started's properties, then those only known at the end (run_finished's).
-- excluded: the run was left out whole (`benchlake annotate RUN --exclude`), with the reason.
-- Rows read twice (a re-read range, an import repeated) are kept once, newest ingest first.
CREATE OR REPLACE VIEW runs AS
WITH started AS (
    SELECT * EXCLUDE (rn)
    FROM (SELECT *, row_number() OVER (PARTITION BY run_id ORDER BY ingest_seq DESC, emitted_at DESC) AS rn
          FROM raw_runs WHERE kind = 'run_started')
    WHERE rn = 1
), finished AS (
    SELECT run_id, status, error, emitted_at AS finished_at, properties_json AS end_properties_json
    FROM (SELECT *, row_number() OVER (PARTITION BY run_id ORDER BY emitted_at DESC, ingest_seq DESC) AS rn
          FROM raw_runs WHERE kind = 'run_finished')
    WHERE rn = 1
)
SELECT s.run_id, s.dataset, s.test_suite, s.test_name, s.tag, s.source,
       s.started_at, f.finished_at, coalesce(f.status, 'running') AS status, f.error,
       s.workload, s.tables, s.table_size, s.warehouses, s.duration_s, s.duration_unit,
       s.iterations, s.threads AS thread_ladder, s.warmup_s, s.report_interval_s, s.rand_type,
       CASE WHEN f.end_properties_json IS NULL OR f.end_properties_json IN ('', '[]') THEN s.properties_json
            ELSE to_json(list_concat(CAST(coalesce(s.properties_json, '[]') AS JSON[]),
                                     CAST(f.end_properties_json AS JSON[])))::VARCHAR
       END AS properties_json,
       s.month,
       x.run_id IS NOT NULL AS excluded, x.reason AS excluded_reason
FROM started s LEFT JOIN finished f USING (run_id) LEFT JOIN run_exclusions x USING (run_id);
