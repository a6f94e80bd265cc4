-- The history of one test, thread count and metric in one series (a testbed, or a testbed's config
-- line: the series column): per completed run its iteration values, ordered by time, or by
-- release and then time, with its config and tool (the markers where they changed).
-- Parameters: test (canonical), threads, metric, series or testbed x2 (NULL: any), by_release x3.
-- The same rows as thread_stats JOIN run_series give (iteration_values: the completed iterations
-- not left out, in iteration order; a run none of whose iterations is kept has none), read
-- through the narrower views of sql/35_histories.sql (ChangesSeriesQueryTest compares the two on
-- random warehouses).
SELECT v.run_id, epoch_us(v.started_at) AS started_us, v.db_version, v.dataset, v.series, t.iteration_values,
       v.config, v.tool
FROM history_values t JOIN history_runs v USING (run_id)
WHERE v.test_name = ? AND t.threads = ? AND t.metric = ? AND (? IS NULL OR ? IN (v.series, v.testbed))
ORDER BY CASE WHEN ? THEN v.major END, CASE WHEN ? THEN v.minor END,
         CASE WHEN ? THEN v.patch END, v.started_at, v.run_id
