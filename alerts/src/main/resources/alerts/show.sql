-- One alert's current state and its whole history.
SELECT * FROM alerts WHERE alert_id = ?
