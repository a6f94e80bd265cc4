-- The iterations annotations left out, per test: within a test in the order left_out_of_test.sql
-- gives them (dataset, run, thread count, iteration), so a thread count's are in that order too.
SELECT test_name, dataset, run_id, threads, iteration, reason
FROM left_out
ORDER BY test_name, dataset, run_id, threads, iteration
