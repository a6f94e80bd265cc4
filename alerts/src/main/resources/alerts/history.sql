SELECT emitted_at, source, event, located_run_id, round(magnitude_pct, 2) AS change_pct, p_value,
       evaluated_commit, why, link, note, author
FROM alert_history WHERE alert_id = ?
ORDER BY emitted_at, ingest_seq, event_id
