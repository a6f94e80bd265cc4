-- Series for trends (docs/architecture.md, Identity): a series is test × metric × thread count ×
-- testbed. testbed is the machine (run_started's, else named from the run's host facts, else the
-- run's dataset stands as its own: never merged across datasets), aliases applied. The fingerprint
-- hashes the run's cnf settings, normalised: trimmed lines without blanks or comments, sorted; a run
-- without a cnf has the fingerprint of none (config_known false), which is never a change.
-- Read through the narrow views under `runs` (started_runs, finished_runs), so that a history
-- (sql/35_histories.sql) reaches them without the whole of `runs`.
CREATE OR REPLACE VIEW run_testbeds AS
SELECT s.run_id, coalesce(cd.canonical, s.dataset) AS dataset,
       coalesce(ct.canonical, s.test_name) AS test_name, s.started_at,
       coalesce(f.status, 'running') AS status, s.source,
       md5(array_to_string(list_sort(list_filter(
           list_transform(string_split(coalesce(e.config_contents, ''), chr(10)), lambda l: trim(l)),
           lambda l: l <> '' AND NOT starts_with(l, '#'))), chr(10))) AS config_fingerprint,
       coalesce(ctb.canonical, tb.testbed, no_testbed(s.dataset)) AS testbed
FROM started_runs s LEFT JOIN finished_runs f USING (run_id)
     LEFT JOIN environments e USING (run_id)
     LEFT JOIN testbed_names tb USING (run_id)
     LEFT JOIN canonical_names cd ON cd.kind = 'dataset' AND cd.name = s.dataset
     LEFT JOIN canonical_names ct ON ct.kind = 'test' AND ct.name = s.test_name
     LEFT JOIN canonical_names ctb ON ctb.kind = 'testbed' AND ctb.name = tb.testbed
WHERE s.run_id NOT IN (SELECT run_id FROM confirm_runs);

-- Inside a test's runs on one testbed, the configs (fingerprints) of its completed runs: a config
-- whose runs began while another's were still going on (A/B datasets such as "AHI ON"/"AHI OFF"
-- measured in turns) is a config line of its own, numbered by how many configs were still going
-- on when it began; one that began after the others ended replaces them in line 0 (a change
-- marked where it happened).
CREATE OR REPLACE VIEW config_lines AS
WITH spans AS (
    SELECT test_name, testbed, config_fingerprint, min(started_at) AS first_at, max(started_at) AS last_at
    FROM run_testbeds
    WHERE status = 'completed' AND config_fingerprint <> md5('')
    GROUP BY ALL
)
SELECT a.test_name, a.testbed, a.config_fingerprint,
       (SELECT count(*) FROM spans b
        WHERE b.test_name = a.test_name AND b.testbed = a.testbed
          AND (b.first_at < a.first_at OR (b.first_at = a.first_at AND b.config_fingerprint < a.config_fingerprint))
          AND b.last_at >= a.first_at) AS config_line
FROM spans a;

-- One row per run: its testbed, config and series. series names the testbed, and the config line
-- where the test has more than one on that testbed ("db1 · cnf 1a2b3c4d", the line's first
-- config); a run without a config joins the one line there is, or else stands as "cnf unknown".
CREATE OR REPLACE VIEW series_of_runs AS
-- run_testbeds and config_lines are each computed once (MATERIALIZED), not at every use below:
-- over 33,334 runs that took the view from about 10 s to under 4 s.
WITH rt AS MATERIALIZED (
    SELECT run_id, test_name, testbed, source, config_fingerprint, started_at FROM run_testbeds
), cl AS MATERIALIZED (
    SELECT * FROM config_lines
), lines AS (
    SELECT test_name, testbed, max(config_line) + 1 AS line_count
    FROM cl GROUP BY ALL
), firsts AS (
    SELECT l.test_name, l.testbed, l.config_line, arg_min(l.config_fingerprint, s.first_at) AS first_fingerprint
    FROM cl l JOIN (SELECT test_name, testbed, config_fingerprint, min(started_at) AS first_at
                    FROM rt GROUP BY ALL) s USING (test_name, testbed, config_fingerprint)
    GROUP BY ALL
), placed AS (
    SELECT t.run_id, t.test_name, t.testbed, t.source, t.config_fingerprint,
           t.config_fingerprint <> md5('') AS config_known,
           CASE WHEN t.config_fingerprint <> md5('') THEN cl.config_line
                WHEN coalesce(n.line_count, 1) <= 1 THEN 0 END AS config_line,
           coalesce(n.line_count, 1) AS line_count
    FROM rt t
    LEFT JOIN cl USING (test_name, testbed, config_fingerprint)
    LEFT JOIN lines n USING (test_name, testbed)
)
SELECT p.run_id, p.testbed, p.source, p.config_fingerprint, p.config_known, p.config_line,
       CASE WHEN p.line_count <= 1 THEN p.testbed
            WHEN p.config_line IS NULL AND NOT p.config_known THEN p.testbed || ' · cnf unknown'
            WHEN p.config_line IS NULL THEN p.testbed || ' · cnf ' || left(p.config_fingerprint, 8)
            ELSE p.testbed || ' · cnf ' || left(f.first_fingerprint, 8) END AS series
FROM placed p LEFT JOIN firsts f USING (test_name, testbed, config_line);

-- Per run: what trends group by (docs/architecture.md, Identity).
CREATE OR REPLACE VIEW run_series AS
SELECT r.run_id, r.dataset, r.test_name, r.started_at, r.month, r.status, r.source,
       e.host_name, e.db_version,
       o.config_fingerprint, o.config_known, o.testbed, o.config_line, o.series
FROM runs r LEFT JOIN environments e USING (run_id) LEFT JOIN series_of_runs o USING (run_id)
WHERE r.confirms_alert IS NULL;

-- Per run, thread count and metric: count, sum (Kahan-Neumaier), min and max of the completed
-- iterations not left out; what monthly and releases add up, cheaper than thread_stats' lists.
CREATE OR REPLACE VIEW iteration_totals AS
SELECT run_id, threads, metric, count(*) AS n, fsum(value) AS total, min(value) AS min, max(value) AS max
FROM iterations
WHERE status = 'completed' AND NOT excluded
GROUP BY ALL;

-- Per test, thread count, metric and month (and testbed, series, host and config): the mean over
-- every completed iteration of the completed runs started that month.
CREATE OR REPLACE VIEW monthly AS
SELECT s.test_name, t.threads, t.metric, s.month, s.host_name, s.config_fingerprint, s.testbed, s.series,
       count(*) AS runs,
       sum(t.n) AS iterations,
       fsum(t.total) / sum(t.n) AS mean,
       min(t.min) AS min,
       max(t.max) AS max
FROM iteration_totals t JOIN run_series s USING (run_id)
WHERE s.status = 'completed'
GROUP BY ALL;

-- Per test, thread count, metric and server version (and testbed, series, host and config), with the version parsed into
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
SELECT v.test_name, t.threads, t.metric, v.host_name, v.config_fingerprint, v.testbed, v.series,
       concat_ws('.', v.major, v.minor, v.patch) || CASE WHEN v.build > 0 THEN '-' || v.build ELSE '' END AS release,
       v.major, v.minor, v.patch, v.build,
       count(*) AS runs,
       sum(t.n) AS iterations,
       fsum(t.total) / sum(t.n) AS mean
FROM iteration_totals t JOIN v USING (run_id)
WHERE v.major IS NOT NULL
GROUP BY ALL;
