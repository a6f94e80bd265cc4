-- A metric of one test at one thread count release by release, versions ordered as releases.
SELECT NULL AS host_name, NULL AS config_fingerprint, release AS point, runs, iterations, mean
FROM releases
WHERE test_name = ? AND threads = ? AND metric = ?
ORDER BY major, minor, patch, build
