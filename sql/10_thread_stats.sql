-- The report's statistics across the completed iterations (not left out by an annotation) of one run at one thread count
-- (DESIGN.md, Statistics): population standard deviation, CoV = StdDev / Mean, percentiles by
-- linear interpolation between closest ranks (R-7, Excel PERCENTILE.INC), population skewness
-- g1 = m3 / m2^1.5 (0 when StdDev is 0), and the iteration values in run order.
-- Everything is computed over the values in iteration order, so the same data always gives the
-- same bits (a parallel aggregate would sum in whatever order the files were read).
CREATE OR REPLACE VIEW thread_stats AS
WITH v AS (
    SELECT run_id, threads, metric,
           list(value ORDER BY iteration) AS xs,
           list(iteration ORDER BY iteration) AS its
    FROM iterations
    WHERE status = 'completed' AND NOT excluded
    GROUP BY ALL
), centre AS (
    SELECT *, len(xs) AS n, list_sum(xs) / len(xs) AS mean FROM v
), moments AS (
    SELECT *,
           list_sum(list_transform(xs, lambda x: power(x - mean, 2))) / n AS m2,
           list_sum(list_transform(xs, lambda x: power(x - mean, 3))) / n AS m3
    FROM centre
)
SELECT run_id, threads, metric, n, mean,
       list_max(xs) AS max,
       list_min(xs) AS min,
       sqrt(m2) AS stddev,
       CASE WHEN mean = 0 THEN NULL ELSE sqrt(m2) / mean END AS cov,
       r7_percentile(xs, 0.5) AS median,
       r7_percentile(xs, 0.95) AS p95,
       r7_percentile(xs, 0.99) AS p99,
       CASE WHEN sqrt(m2) <= 1e-12 * greatest(1, abs(mean)) THEN 0 ELSE m3 / power(m2, 1.5) END AS skewness,
       xs AS iteration_values,
       its AS iteration_numbers
FROM moments;
