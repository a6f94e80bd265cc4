-- A metric of one test at one thread count month by month, per series (host, config fingerprint).
SELECT host_name, config_fingerprint, month AS point, runs, iterations, mean
FROM monthly
WHERE test_name = ? AND threads = ? AND metric = ?
ORDER BY host_name, config_fingerprint, month
