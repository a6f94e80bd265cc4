-- What the source reports printed for the runs a report of one test and metric shows.
SELECT s.run_id, s.threads, s.statistic, s.decimals, s.value
FROM source_statistics s
WHERE s.metric = ?
  AND s.run_id IN (SELECT run_id FROM comparison WHERE test_name = ? AND metric = ?)
ORDER BY s.run_id, s.threads, s.statistic, s.decimals
