-- Series for trends (DESIGN.md, Identity): a series is (test, thread count, metric, host, config
-- fingerprint); the fingerprint hashes the run's cnf settings, normalised: trimmed lines without
-- blanks or comments, sorted.
CREATE OR REPLACE VIEW run_series AS
SELECT r.run_id, r.dataset, r.test_name, r.started_at, r.month, r.status,
       e.host_name, e.db_version,
       md5(array_to_string(list_sort(list_filter(
           list_transform(string_split(coalesce(e.config_contents, ''), chr(10)), lambda l: trim(l)),
           lambda l: l <> '' AND NOT starts_with(l, '#'))), chr(10))) AS config_fingerprint
FROM runs r LEFT JOIN environments e USING (run_id);

-- Per run, thread count and metric: count, sum (Kahan-Neumaier), min and max of the completed
-- iterations not left out; what monthly and releases add up, cheaper than thread_stats' lists.
CREATE OR REPLACE VIEW iteration_totals AS
SELECT run_id, threads, metric, count(*) AS n, fsum(value) AS total, min(value) AS min, max(value) AS max
FROM iterations
WHERE status = 'completed' AND NOT excluded
GROUP BY ALL;

-- Per test, thread count, metric and month (and series): the mean over every completed iteration
-- of the completed runs started that month.
CREATE OR REPLACE VIEW monthly AS
SELECT s.test_name, t.threads, t.metric, s.month, s.host_name, s.config_fingerprint,
       count(*) AS runs,
       sum(t.n) AS iterations,
       fsum(t.total) / sum(t.n) AS mean,
       min(t.min) AS min,
       max(t.max) AS max
FROM iteration_totals t JOIN run_series s USING (run_id)
WHERE s.status = 'completed'
GROUP BY ALL;

-- Per test, thread count, metric and server version, with the version parsed into
-- major.minor.patch plus build (11.8.3-1), suffixes such as -MariaDB-log ignored, so that ORDER BY
-- major, minor, patch, build orders releases (10.4 < 10.11 < 11.4 < 12.3 < 13.0).
CREATE OR REPLACE VIEW releases AS
WITH v AS (
    SELECT s.*,
           TRY_CAST(regexp_extract(s.db_version, '^(\d+)\.(\d+)\.(\d+)', 1) AS INTEGER) AS major,
           TRY_CAST(regexp_extract(s.db_version, '^(\d+)\.(\d+)\.(\d+)', 2) AS INTEGER) AS minor,
           TRY_CAST(regexp_extract(s.db_version, '^(\d+)\.(\d+)\.(\d+)', 3) AS INTEGER) AS patch,
           coalesce(TRY_CAST(nullif(regexp_extract(s.db_version, '^\d+\.\d+\.\d+-(\d+)', 1), '') AS INTEGER), 0) AS build
    FROM run_series s
    WHERE s.status = 'completed'
)
SELECT v.test_name, t.threads, t.metric,
       concat_ws('.', v.major, v.minor, v.patch) || CASE WHEN v.build > 0 THEN '-' || v.build ELSE '' END AS release,
       v.major, v.minor, v.patch, v.build,
       count(*) AS runs,
       sum(t.n) AS iterations,
       fsum(t.total) / sum(t.n) AS mean
FROM iteration_totals t JOIN v USING (run_id)
WHERE v.major IS NOT NULL
GROUP BY ALL;
