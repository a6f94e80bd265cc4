-- The iterations annotations left out of a test's runs, optionally of one thread count and of
-- some datasets. Parameters: test, threads x2 (NULL: all), datasets x2 (a list; NULL: all).
SELECT dataset, run_id, threads, iteration, reason
FROM left_out
WHERE test_name = ?
  AND (? IS NULL OR threads = ?)
  AND (? IS NULL OR list_contains(?, dataset))
ORDER BY dataset, run_id, threads, iteration
