-- The report's statistics across the completed iterations of one run at one thread count
-- (DESIGN.md, Statistics): population standard deviation, CoV = StdDev / Mean, percentiles by
-- linear interpolation between closest ranks (R-7, Excel PERCENTILE.INC), population skewness
-- g1 = m3 / m2^1.5 (0 when StdDev is 0), and the iteration values in run order.
CREATE OR REPLACE VIEW thread_stats AS
WITH v AS (
    SELECT run_id, threads, metric, iteration, value
    FROM iterations
    WHERE status = 'completed'
), centre AS (
    SELECT run_id, threads, metric, avg(value) AS mean FROM v GROUP BY ALL
), moments AS (
    SELECT v.run_id, v.threads, v.metric,
           avg(power(v.value - c.mean, 2)) AS m2,
           avg(power(v.value - c.mean, 3)) AS m3
    FROM v JOIN centre c USING (run_id, threads, metric)
    GROUP BY ALL
)
SELECT v.run_id, v.threads, v.metric,
       count(*) AS n,
       avg(v.value) AS mean,
       max(v.value) AS max,
       min(v.value) AS min,
       stddev_pop(v.value) AS stddev,
       CASE WHEN avg(v.value) = 0 THEN NULL ELSE stddev_pop(v.value) / avg(v.value) END AS cov,
       r7_percentile(list(v.value), 0.5) AS median,
       r7_percentile(list(v.value), 0.95) AS p95,
       r7_percentile(list(v.value), 0.99) AS p99,
       CASE WHEN sqrt(any_value(m.m2)) <= 1e-12 * greatest(1, abs(avg(v.value))) THEN 0
            ELSE any_value(m.m3) / power(any_value(m.m2), 1.5) END AS skewness,
       list(v.value ORDER BY v.iteration) AS iteration_values,
       list(v.iteration ORDER BY v.iteration) AS iteration_numbers
FROM v JOIN moments m USING (run_id, threads, metric)
GROUP BY v.run_id, v.threads, v.metric;
