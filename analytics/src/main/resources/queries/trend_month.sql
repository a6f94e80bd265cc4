-- A metric of one test at one thread count month by month, per series (testbed, and config line
-- where A/B configs interleave: sql/30_series.sql), with the known configs and the tools (sources)
-- of the runs behind each point, for the markers where they changed.
-- Parameters: test (canonical), threads, metric.
SELECT s.series, s.month AS point, count(*) AS runs, sum(t.n) AS iterations,
       fsum(t.total) / sum(t.n) AS mean,
       array_to_string(list_sort(list_distinct(list(left(s.config_fingerprint, 8)) FILTER (WHERE s.config_known))), ',') AS configs,
       array_to_string(list_sort(list_distinct(list(s.source))), ',') AS tools
FROM iteration_totals t JOIN run_series s USING (run_id)
WHERE s.status = 'completed' AND s.test_name = ? AND t.threads = ? AND t.metric = ?
GROUP BY s.series, s.month
ORDER BY s.series, s.month
