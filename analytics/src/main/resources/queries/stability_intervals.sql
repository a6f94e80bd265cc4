-- The measured report intervals (samples, phase 'measured') of the completed iterations not left
-- out of the given runs (parameters: the same list of run ids twice), per run, thread count and
-- iteration, in time order; an iteration without any has empty lists. What the stability checks
-- of a report read; the intervals' throughput is their transaction rate.
WITH kept AS (
    SELECT DISTINCT run_id, threads, iteration
    FROM iterations
    WHERE status = 'completed' AND NOT excluded AND list_contains(?, run_id)
), measured AS (
    SELECT run_id, threads, iteration,
           list(offset_s ORDER BY offset_s) AS offsets,
           list(interval_s ORDER BY offset_s) AS lengths,
           list(tps ORDER BY offset_s) AS throughputs
    FROM samples
    WHERE phase = 'measured' AND list_contains(?, run_id)
    GROUP BY run_id, threads, iteration
)
SELECT k.run_id, k.threads, k.iteration,
       coalesce(m.offsets, []) AS offsets,
       coalesce(m.lengths, []) AS lengths,
       coalesce(m.throughputs, []) AS throughputs
FROM kept k LEFT JOIN measured m USING (run_id, threads, iteration)
ORDER BY k.run_id, k.threads, k.iteration
