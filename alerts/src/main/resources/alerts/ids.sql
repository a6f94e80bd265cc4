-- What an id given to triage names: an alert, or every alert of a summary.
SELECT alert_id, epoch_us(raised_at) AS raised_us FROM alerts WHERE alert_id = ? OR summary_id = ?
ORDER BY alert_id
