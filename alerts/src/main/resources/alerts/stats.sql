-- Per detector and kind: raised, triaged, invalid (the measured false-alert share), confirmed
-- (acknowledged or fixed).
SELECT split_part(detector, ':', 1) AS detector, kind,
       count(*) AS raised,
       count(*) FILTER (WHERE triage IS NOT NULL AND triage <> 'reopened') AS triaged,
       count(*) FILTER (WHERE state = 'invalid') AS invalid,
       round(100.0 * count(*) FILTER (WHERE state = 'invalid')
             / nullif(count(*) FILTER (WHERE triage IS NOT NULL AND triage <> 'reopened'), 0), 1)
           AS invalid_pct_of_triaged,
       count(*) FILTER (WHERE state IN ('acknowledged', 'fixed')) AS confirmed,
       count(*) FILTER (WHERE state = 'backfill') AS backfill,
       count(*) FILTER (WHERE status = 'vanished') AS vanished
FROM alerts
GROUP BY ALL
ORDER BY detector, kind
