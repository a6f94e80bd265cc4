-- The alert `benchlake run --confirm` re-runs: its series, direction, confidence interval and the
-- runs its provenance compares (before and after).
SELECT alert_id, kind, direction, test_name, metric, threads, testbed, magnitude_pct, ci_low_pct,
       ci_high_pct, provenance_json
FROM alerts WHERE alert_id = ?
