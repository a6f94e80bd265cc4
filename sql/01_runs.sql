-- Each run's newest run_started (retracted runs left out) and its newest run_finished: what
-- `runs` joins, and all that a history (`changes`) needs of a run, so its query need not build the
-- whole of `runs`.
CREATE OR REPLACE VIEW started_runs AS
SELECT * EXCLUDE (rn)
FROM (SELECT *, row_number() OVER (PARTITION BY run_id ORDER BY ingest_seq DESC, emitted_at DESC) AS rn
      FROM raw_runs r ANTI JOIN retracted_runs x USING (run_id) WHERE kind = 'run_started')
WHERE rn = 1;

-- The runs `benchlake run --confirm ALERT` made (run_started's property "Confirms alert", the alert
-- they re-run): kept as runs (confirms_alert in runs), left out of every series, comparison and
-- regression (sql/30_series.sql, 20_comparison.sql, 40_config_diff.sql, 35_histories.sql).
CREATE OR REPLACE VIEW confirm_runs AS
SELECT DISTINCT run_id, p ->> 'value' AS alert_id
FROM (SELECT run_id, unnest(CAST(properties_json AS JSON[])) AS p
      FROM raw_runs
      WHERE kind = 'run_started' AND contains(properties_json, '"Confirms alert"'))
WHERE p ->> 'name' = 'Confirms alert';

CREATE OR REPLACE VIEW finished_runs AS
SELECT run_id, status, error, emitted_at AS finished_at, properties_json AS end_properties_json
FROM (SELECT *, row_number() OVER (PARTITION BY run_id ORDER BY emitted_at DESC, ingest_seq DESC) AS rn
      FROM raw_runs WHERE kind = 'run_finished')
WHERE rn = 1;

-- One row per run: what run_started said, and how the run ended (run_finished), or 'running'.
-- properties_json lists run_started's properties, then those only known at the end (run_finished's).
-- excluded: the run was left out whole (`benchlake annotate RUN --exclude`), with the reason.
-- Rows read twice (a re-read range, an import repeated) are kept once, newest ingest first.
-- dataset and test_name are the canonical names (00_aliases.sql); original_dataset and
-- original_test_name those the run was published with. Retracted runs are left out; importer,
-- importer_version and source_files_json say where an imported run was read from (its run_source
-- of the newest importer version, then the newest). testbed is the machine the run was measured on (run_started), NULL where unknown.
-- confirms_alert: the alert a `run --confirm` re-ran (confirm_runs), NULL for any other run.
CREATE OR REPLACE VIEW runs AS
WITH sources AS (
    SELECT run_id, importer, importer_version, source_files_json
    FROM (SELECT *, row_number() OVER (PARTITION BY run_id
                                     ORDER BY importer_version DESC, emitted_at DESC, event_id DESC) AS rn
          FROM raw_runs WHERE kind = 'run_source')
    WHERE rn = 1
)
SELECT s.run_id, coalesce(cd.canonical, s.dataset) AS dataset, s.test_suite,
       coalesce(ct.canonical, s.test_name) AS test_name, s.tag, s.source,
       s.started_at, f.finished_at, coalesce(f.status, 'running') AS status, f.error,
       s.workload, s.tables, s.table_size, s.warehouses, s.duration_s, s.duration_unit,
       s.iterations, s.threads AS thread_ladder, s.warmup_s, s.report_interval_s, s.rand_type,
       CASE WHEN f.end_properties_json IS NULL OR f.end_properties_json IN ('', '[]') THEN s.properties_json
            ELSE to_json(list_concat(CAST(coalesce(s.properties_json, '[]') AS JSON[]),
                                     CAST(f.end_properties_json AS JSON[])))::VARCHAR
       END AS properties_json,
       s.month,
       x.run_id IS NOT NULL AS excluded, x.reason AS excluded_reason,
       s.dataset AS original_dataset, s.test_name AS original_test_name,
       src.importer, src.importer_version, src.source_files_json,
       s.testbed, cr.alert_id AS confirms_alert
FROM started_runs s LEFT JOIN finished_runs f USING (run_id) LEFT JOIN run_exclusions x USING (run_id)
     LEFT JOIN confirm_runs cr USING (run_id)
     LEFT JOIN sources src USING (run_id)
     LEFT JOIN canonical_names cd ON cd.kind = 'dataset' AND cd.name = s.dataset
     LEFT JOIN canonical_names ct ON ct.kind = 'test' AND ct.name = s.test_name;
