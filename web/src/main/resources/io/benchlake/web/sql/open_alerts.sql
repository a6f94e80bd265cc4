-- The overview's open alerts: untriaged ones by kind and direction.
SELECT kind, direction, count(*) AS alerts
FROM alerts WHERE state = 'untriaged'
GROUP BY kind, direction ORDER BY kind, direction
