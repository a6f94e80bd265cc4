-- A metric of one test at one thread count release by release, per series (as trend_month.sql),
-- versions ordered as releases; runs without a server version are not on it.
-- Parameters: test (canonical), threads, metric.
WITH v AS (
    SELECT s.*,
           TRY_CAST(regexp_extract(s.db_version, '^(\d+)\.(\d+)\.(\d+)', 1) AS INTEGER) AS major,
           TRY_CAST(regexp_extract(s.db_version, '^(\d+)\.(\d+)\.(\d+)', 2) AS INTEGER) AS minor,
           TRY_CAST(regexp_extract(s.db_version, '^(\d+)\.(\d+)\.(\d+)', 3) AS INTEGER) AS patch,
           coalesce(TRY_CAST(nullif(regexp_extract(s.db_version, '^\d+\.\d+\.\d+-(\d+)', 1), '') AS INTEGER), 0) AS build
    FROM run_series s
    WHERE s.status = 'completed' AND s.test_name = ?
)
SELECT v.series,
       concat_ws('.', v.major, v.minor, v.patch) || CASE WHEN v.build > 0 THEN '-' || v.build ELSE '' END AS point,
       count(*) AS runs, sum(t.n) AS iterations, fsum(t.total) / sum(t.n) AS mean,
       array_to_string(list_sort(list_distinct(list(left(v.config_fingerprint, 8)) FILTER (WHERE v.config_known))), ',') AS configs,
       array_to_string(list_sort(list_distinct(list(v.source))), ',') AS tools
FROM iteration_totals t JOIN v USING (run_id)
WHERE v.major IS NOT NULL AND t.threads = ? AND t.metric = ?
GROUP BY v.series, v.major, v.minor, v.patch, v.build
ORDER BY v.series, v.major, v.minor, v.patch, v.build
