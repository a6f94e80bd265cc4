-- The alerts raised or changed (moved, vanished, superseded) after a time (a scheduled alerts
-- job's last run), newest first, with their provenance: what the job writes and notifies.
SELECT alert_id, state, status, kind, direction, test_name AS test, metric, threads, testbed,
       round(magnitude_pct, 2) AS change_pct, round(ci_low_pct, 2) AS ci_low_pct,
       round(ci_high_pct, 2) AS ci_high_pct, p_value, located_run_id, located_at, summary_id,
       summary_label, raised_at, changed_at, epoch_us(raised_at) > ? AS new, why,
       provenance_json, epoch_us(greatest(raised_at, changed_at)) AS at_us
FROM alerts
WHERE epoch_us(raised_at) > ? OR epoch_us(changed_at) > ?
ORDER BY greatest(raised_at, changed_at) DESC, test_name, metric, threads, alert_id
