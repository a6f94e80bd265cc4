-- What the alerts' evaluation keeps of each run of the histories (the completed runs, not a
-- confirm's, sql/35_histories.sql): its canonical test and dataset, its start and server version,
-- and the testbed of its series (the one published, else its dataset's: a run without a testbed is
-- never merged across datasets). Only the runs listed where the marker below is replaced by a
-- filter (a list of ids, which DuckDB applies under the views' dedup); every run without one.
SELECT run_id, test_name, started_at, db_version, dataset,
       coalesce(published_testbed, 'dataset ' || dataset) AS testbed
FROM history_run_facts
WHERE true /*listed*/
