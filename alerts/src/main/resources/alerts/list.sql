-- The alerts that match the list filters: state (or 'all'), kind, test, testbed, raised since.
SELECT alert_id, state, status, kind, direction, test_name AS test, metric, threads, testbed,
       round(magnitude_pct, 2) AS change_pct, round(ci_low_pct, 2) AS ci_low_pct,
       round(ci_high_pct, 2) AS ci_high_pct, p_value, located_run_id, located_at, summary_id,
       summary_label, raised_at, link, note, why
FROM alerts
WHERE (? = 'all' OR state = ?)
  AND (? IS NULL OR kind = ?)
  AND (? IS NULL OR test_name = ?)
  AND (? IS NULL OR testbed = ?)
  AND (? IS NULL OR raised_at >= CAST(? AS TIMESTAMP))
ORDER BY raised_at DESC, test_name, metric, threads, alert_id
