-- The series (test, metric, thread count, testbed) that iteration rows of ingests after ? reached,
-- each whole: its completed runs in time order with their values (completed iterations not left
-- out), server version and dataset, and whether the run came with those ingests; read from the
-- kept histories (KeptHistories: kept_run_facts.sql, kept_run_values.sql at the session's commit).
WITH fresh AS (
    SELECT DISTINCT run_id FROM raw_iterations WHERE ingest_seq > ?
), points AS (
    SELECT h.test_name, v.metric, v.threads, h.testbed, h.run_id, h.started_at, h.db_version,
           h.dataset, v.iteration_values, h.run_id IN (SELECT run_id FROM fresh) AS fresh
    FROM kept.run_values v
    JOIN kept.run_facts h USING (run_id)
    WHERE h.test_name IS NOT NULL
), touched AS (
    SELECT DISTINCT test_name, metric, threads, testbed FROM points WHERE fresh
)
SELECT p.test_name, p.metric, p.threads, p.testbed, p.run_id, epoch_us(p.started_at) AS started_us,
       p.db_version, p.dataset, p.iteration_values, p.fresh
FROM points p SEMI JOIN touched t USING (test_name, metric, threads, testbed)
ORDER BY p.test_name, p.metric, p.threads, p.testbed, p.started_at, p.run_id
