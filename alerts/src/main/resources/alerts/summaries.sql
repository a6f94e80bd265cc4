-- The alerts that match the list filters, grouped per summary (the alerts one evaluation raised for
-- one new version or run), counted by direction and test.
SELECT summary_id, summary_label,
       count(*) FILTER (WHERE direction = 'regression') AS regressions,
       count(DISTINCT test_name) FILTER (WHERE direction = 'regression') AS regressed_tests,
       count(*) FILTER (WHERE direction = 'improvement') AS improvements,
       count(*) FILTER (WHERE direction NOT IN ('regression', 'improvement')) AS other,
       string_agg(DISTINCT state, ',' ORDER BY state) AS states,
       min(raised_at) AS raised_at,
       string_agg(alert_id, ',' ORDER BY alert_id) AS alerts
FROM alerts
WHERE (? = 'all' OR state = ?)
  AND (? IS NULL OR kind = ?)
  AND (? IS NULL OR test_name = ?)
  AND (? IS NULL OR testbed = ?)
  AND (? IS NULL OR raised_at >= CAST(? AS TIMESTAMP))
GROUP BY summary_id, summary_label
ORDER BY min(raised_at) DESC, summary_id
