-- Alerts (docs/alerts.md): every event of an alert's life (raised, moved, vanished, superseded) and
-- every triage of it, as the log has them; nothing is deleted, the newest wins.
CREATE OR REPLACE VIEW alert_history AS
SELECT run_id AS alert_id, emitted_at, ingest_seq, event_id, 'alert' AS source, change AS event,
       kind, direction, test_name, metric, threads, testbed, located_run_id, located_at,
       evaluated_commit, why, magnitude_pct, p_value, NULL AS link, NULL AS note, NULL AS author
FROM raw_alert_events
UNION ALL BY NAME
SELECT run_id AS alert_id, emitted_at, ingest_seq, event_id, 'triage' AS source, state AS event,
       NULL AS kind, NULL AS direction, NULL AS test_name, NULL AS metric, NULL AS threads,
       NULL AS testbed, NULL AS located_run_id, NULL AS located_at, NULL AS evaluated_commit,
       NULL AS why, NULL AS magnitude_pct, NULL AS p_value, link, note, author
FROM raw_alert_states;

-- One row per alert, its current state: what it was raised as (series, kind, direction, summary,
-- untriaged or backfill), where its newest event puts it (status: raised, moved, vanished or
-- superseded, with that event's provenance), and the newest triage (reopened: untriaged again).
CREATE OR REPLACE VIEW alerts AS
WITH raised AS (
    SELECT * EXCLUDE (rn) FROM (
        SELECT *, row_number() OVER (PARTITION BY run_id ORDER BY emitted_at, ingest_seq, event_id) AS rn
        FROM raw_alert_events WHERE change = 'raised')
    WHERE rn = 1
), newest AS (
    SELECT * EXCLUDE (rn) FROM (
        SELECT *, row_number() OVER (PARTITION BY run_id
                                     ORDER BY emitted_at DESC, ingest_seq DESC, event_id DESC) AS rn
        FROM raw_alert_events)
    WHERE rn = 1
), triage AS (
    SELECT * EXCLUDE (rn) FROM (
        SELECT *, row_number() OVER (PARTITION BY run_id
                                     ORDER BY emitted_at DESC, ingest_seq DESC, event_id DESC) AS rn
        FROM raw_alert_states)
    WHERE rn = 1
)
SELECT r.run_id AS alert_id,
       CASE WHEN t.state IS NULL THEN r.initial_state
            WHEN t.state = 'reopened' THEN 'untriaged'
            ELSE t.state END AS state,
       n.change AS status,
       r.kind, r.direction, r.test_name, r.metric, r.threads, r.testbed,
       n.located_run_id, n.located_at,
       r.summary_id, r.summary_label,
       r.emitted_at AS raised_at, r.evaluated_commit AS raised_commit,
       n.emitted_at AS changed_at, n.evaluated_commit AS changed_commit, n.why,
       n.detector, n.parameters, n.magnitude_pct, n.ci_low_pct, n.ci_high_pct, n.p_value, n.noise,
       n.provenance_json,
       t.state AS triage, t.link, t.note, t.author AS triaged_by, t.emitted_at AS triaged_at
FROM raised r
JOIN newest n USING (run_id)
LEFT JOIN triage t USING (run_id);
