-- Every alert the warehouse holds, as the evaluation matches findings against it.
SELECT alert_id, test_name, metric, threads, testbed, kind, direction, located_run_id, status,
       epoch_us(raised_at) AS raised_us
FROM alerts
