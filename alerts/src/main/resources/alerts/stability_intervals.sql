-- The measured report intervals of the completed iterations (not left out) of the runs that
-- iteration rows of ingests after ? reached, per run, thread count and iteration, in time order:
-- what the unstable-run checks read. Each run is placed in the series of its primary metric
-- (NOPM where the run has it, else TPS) as touched_series.sql places it, from the kept histories;
-- the intervals' throughput is their transaction rate. The second and third parameters are those
-- runs' ids as a list (the same twice), or NULL: a list filters the samples before their dedup
-- (partitioned by run), so only theirs are read, not every sample of the warehouse (0.7 s instead
-- of 46 s over 50M samples); a long one (the whole history) costs more than it saves.
WITH fresh AS (
    SELECT DISTINCT run_id FROM raw_iterations WHERE ingest_seq > ?
), checked AS (
    SELECT run_id, test_name, testbed
    FROM kept.run_facts
    WHERE test_name IS NOT NULL AND run_id IN (SELECT run_id FROM fresh)
), primary_metric AS (
    SELECT run_id, threads,
           CASE WHEN bool_or(metric = 'NOPM') THEN 'NOPM' ELSE 'TPS' END AS metric
    FROM kept.run_values
    WHERE metric IN ('TPS', 'NOPM') AND run_id IN (SELECT run_id FROM checked)
    GROUP BY run_id, threads
), completed AS (
    SELECT DISTINCT run_id, threads, iteration
    FROM iterations
    WHERE status = 'completed' AND NOT excluded AND run_id IN (SELECT run_id FROM checked)
)
SELECT r.test_name, m.metric, x.threads, r.testbed, x.run_id, x.iteration,
       list(x.offset_s ORDER BY x.offset_s) AS offsets,
       list(x.interval_s ORDER BY x.offset_s) AS lengths,
       list(x.tps ORDER BY x.offset_s) AS throughputs
FROM samples x
JOIN checked r USING (run_id)
JOIN primary_metric m USING (run_id, threads)
SEMI JOIN completed k USING (run_id, threads, iteration)
WHERE x.phase = 'measured' AND (CAST(? AS VARCHAR[]) IS NULL OR list_contains(?, x.run_id))
GROUP BY r.test_name, m.metric, x.threads, r.testbed, x.run_id, x.iteration
ORDER BY r.test_name, m.metric, x.threads, r.testbed, x.run_id, x.iteration
