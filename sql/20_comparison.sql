-- Datasets side by side per test, thread count and metric: per dataset the latest completed run
-- of the test that was not left out whole by an annotation (nor made by a `run --confirm`). dataset_ordinal orders datasets as they were first seen.
CREATE OR REPLACE VIEW comparison AS
WITH latest AS (
    SELECT * EXCLUDE (rn)
    FROM (SELECT r.*, row_number() OVER (PARTITION BY dataset, test_name ORDER BY started_at DESC) AS rn
          FROM runs r WHERE status = 'completed' AND NOT excluded AND confirms_alert IS NULL)
    WHERE rn = 1
), first_seen AS (
    -- the order datasets first appeared in the event log (a process gives its run_started records
    -- strictly increasing log timestamps, so the order holds across partitions); started_at where
    -- that is unknown; by canonical label, as runs name datasets
    SELECT coalesce(c.canonical, r.dataset) AS dataset, min(log_timestamp) AS first_logged,
           min(log_offset) AS first_offset, min(started_at) AS first_started
    FROM raw_runs r ANTI JOIN retracted_runs USING (run_id)
    LEFT JOIN canonical_names c ON c.kind = 'dataset' AND c.name = r.dataset
    WHERE r.kind = 'run_started' GROUP BY 1
)
SELECT l.test_name, l.dataset,
       dense_rank() OVER (PARTITION BY l.test_name
           ORDER BY f.first_logged NULLS LAST, f.first_offset NULLS LAST, f.first_started, l.dataset) AS dataset_ordinal,
       l.run_id, l.started_at, t.threads, t.metric, t.n, t.mean, t.max, t.min, t.stddev, t.cov,
       t.median, t.p95, t.p99, t.skewness, t.iteration_values,
       t.iteration_numbers, t.statistics_from, t.source_set_aside
FROM latest l
JOIN first_seen f USING (dataset)
JOIN thread_stats t USING (run_id);
