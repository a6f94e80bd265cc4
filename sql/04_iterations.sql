-- One value per run x thread count x iteration x metric. Where more than one ingest wrote it,
-- a complete iteration beats one seen only in part, the source's value beats one computed from
-- samples, and the newer ingest beats the older. excluded: the newest annotation whose scope
-- covers the iteration (its run, its thread count or all, its iteration or all) left it out of
-- statistics, for excluded_reason. Retracted runs are left out.
CREATE OR REPLACE VIEW iterations AS
--
-- One ingest writes each (run, thread count, iteration, metric) once, and compaction keeps each
-- row's ingest_seq, so only a run whose rows came from more than one ingest can have a key twice:
-- those runs go through the ranking, every other run's rows are kept as they are (ranking all
-- rows cost ~0.3 s per million).
WITH live AS (
    SELECT * FROM raw_iterations ANTI JOIN retracted_runs USING (run_id)
), rewritten AS (
    SELECT run_id FROM live GROUP BY run_id HAVING min(ingest_seq) <> max(ingest_seq)
), kept AS (
    SELECT r.* FROM live r ANTI JOIN rewritten USING (run_id)
    UNION ALL
    SELECT * EXCLUDE (rn)
    FROM (SELECT r.*, row_number() OVER (
              PARTITION BY run_id, threads, iteration, metric
              ORDER BY (status = 'incomplete'), computed, ingest_seq DESC) AS rn
          FROM live r SEMI JOIN rewritten USING (run_id))
    WHERE rn = 1
), verdict AS (
    SELECT * EXCLUDE (rn)
    FROM (SELECT k.run_id, k.threads, k.iteration, a.action, a.reason,
                 row_number() OVER (PARTITION BY k.run_id, k.threads, k.iteration
                                    ORDER BY a.emitted_at DESC, a.event_id DESC) AS rn
          FROM (SELECT DISTINCT run_id, threads, iteration FROM kept
                WHERE run_id IN (SELECT run_id FROM annotations)) k
          JOIN annotations a ON a.run_id = k.run_id
                            AND (a.threads IS NULL OR a.threads = k.threads)
                            AND (a.iteration IS NULL OR a.iteration = k.iteration))
    WHERE rn = 1
)
SELECT kept.*,
       coalesce(v.action = 'exclude', false) AS excluded,
       CASE WHEN v.action = 'exclude' THEN v.reason END AS excluded_reason
FROM kept LEFT JOIN verdict v USING (run_id, threads, iteration);

-- What statistics leave out because of annotations: one row per run x thread count x iteration.
CREATE OR REPLACE VIEW left_out AS
SELECT DISTINCT i.run_id, r.dataset, r.test_name, i.threads, i.iteration, i.excluded_reason AS reason
FROM iterations i JOIN runs r USING (run_id)
WHERE i.excluded;
