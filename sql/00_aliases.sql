-- Canonical names (docs/architecture.md, Canonical names): tests carry the TAF names; sysbench script names and
-- HammerDB spellings are built in as aliases, matched without regard to case or a .lua suffix (the
-- same table as loadgen's Workloads). The canonical names match themselves the same way.
CREATE OR REPLACE VIEW builtin_aliases AS
SELECT 'test' AS kind, from_key, to_name
FROM (VALUES
    ('oltp_read_write', 'OLTP_RW'), ('oltp_rw', 'OLTP_RW'),
    ('oltp_read_only', 'OLTP_RO'), ('oltp_ro', 'OLTP_RO'),
    ('oltp_write_only', 'OLTP_WO'), ('oltp_wo', 'OLTP_WO'),
    ('oltp_point_select', 'SELECT_SIMPLE'), ('select_simple', 'SELECT_SIMPLE'),
    ('select_simple_ranges', 'SELECT_SIMPLE_RANGES'),
    ('oltp_insert', 'INSERT'), ('insert', 'INSERT'),
    ('oltp_delete', 'DELETE'), ('delete', 'DELETE'),
    ('oltp_update_index', 'UPDATE_INDEX'), ('update_index', 'UPDATE_INDEX'),
    ('oltp_update_non_index', 'UPDATE_NON_INDEX'), ('update_non_index', 'UPDATE_NON_INDEX'),
    ('select_random_points', 'SELECT_RANDOM_POINTS'),
    ('select_random_ranges', 'SELECT_RANDOM_RANGES'),
    ('bulk_insert', 'BULK_INSERT'),
    ('tprocc', 'TPROCC'), ('tproc-c', 'TPROCC'), ('tproc_c', 'TPROCC'),
    ('tpc-c', 'TPROCC'), ('tpcc', 'TPROCC'), ('tpc_c', 'TPROCC')
) AS t(from_key, to_name);

-- The users' aliases (`benchlake alias test|dataset|testbed FROM TO`): for one name the newest stands, and
-- one that maps a name onto itself takes the earlier alias back. Matched exactly.
CREATE OR REPLACE VIEW user_aliases AS
SELECT kind, from_name, to_name, author, emitted_at
FROM (SELECT *, row_number() OVER (PARTITION BY kind, from_name ORDER BY emitted_at DESC, event_id DESC) AS rn
      FROM raw_aliases)
WHERE rn = 1 AND from_name <> to_name;

-- Every alias in force: the users' first, then the built-in ones.
CREATE OR REPLACE VIEW aliases AS
SELECT kind, from_name, to_name, 'user' AS origin, author, emitted_at FROM user_aliases
UNION ALL
SELECT kind, from_key, to_name, 'built-in', NULL, NULL FROM builtin_aliases;

-- The name one alias step leads to from `current` (NULL when none does): a user's alias, matched
-- exactly, before a built-in one, matched without regard to case or a .lua suffix. The one step
-- both the runs' names (canonical_names) and the names typed on the command line
-- (canonical_of) follow.
CREATE OR REPLACE MACRO alias_step(name_kind, current) AS coalesce(
    (SELECT to_name FROM user_aliases WHERE kind = name_kind AND from_name = current),
    (SELECT to_name FROM builtin_aliases
     WHERE kind = name_kind AND from_key = regexp_replace(lower(current), '\.lua$', '')));

-- A testbed named from a run's host facts (host name, CPU model, logical CPUs), as HostFacts.testbed
-- names a live run's: what a run published before run_started carried a testbed stands on. A host
-- named "unknown" (what an import without --host records) names no machine: such runs of two
-- datasets would otherwise be one series.
CREATE OR REPLACE MACRO host_testbed(host, cpu, cpus) AS
    CASE WHEN nullif(trim(host), '') IS NULL OR lower(trim(host)) = 'unknown' THEN NULL
         ELSE host || coalesce(' (' || nullif(concat_ws(', ', cpu, CAST(cpus AS VARCHAR) || ' CPUs'), '') || ')', '')
    END;

-- The testbed of a run that names none and has no host facts: its dataset stands as its own
-- testbed, so runs of two datasets measured who knows where are never merged into one series.
CREATE OR REPLACE MACRO no_testbed(dataset) AS dataset || ' (no testbed)';

-- Every run's testbed as published (or stood in for, above), before aliases.
-- Newest run_started and newest environment first, as the runs and environments views take them.
CREATE OR REPLACE VIEW testbed_names AS
SELECT run_id, testbed
FROM (SELECT r.run_id,
             coalesce(r.testbed, host_testbed(e.host_name, e.cpu_model, e.logical_cpus),
                      no_testbed(r.dataset)) AS testbed,
             row_number() OVER (PARTITION BY r.run_id
                                ORDER BY r.ingest_seq DESC, r.emitted_at DESC,
                                         e.emitted_at DESC NULLS LAST, e.ingest_seq DESC NULLS LAST) AS rn
      FROM raw_runs r LEFT JOIN raw_environments e USING (run_id)
      WHERE r.kind = 'run_started')
WHERE rn = 1;

-- The canonical name of every test name, dataset label and testbed the runs carry (of the kinds
-- listed in `kinds`): aliases followed up to 16 steps (a user's alias may lead to a name that is
-- itself an alias, my_rw -> oltp_read_write -> OLTP_RW), a user's alias before a built-in one; a
-- cycle stops there. `benchlake alias` refuses a cycle and a chain of users' aliases longer than 15
-- steps (AliasChains), so every name of a chain reaches the same end. Computed once per name, and
-- joined to the runs. A kind not listed is not read at all (the list is a constant where the
-- views below call it): the testbeds' names need every run's environment.
CREATE OR REPLACE MACRO followed_names(kinds) AS TABLE
WITH RECURSIVE names AS (
    SELECT DISTINCT 'test' AS kind, test_name AS name FROM raw_runs
    WHERE kind = 'run_started' AND test_name IS NOT NULL AND list_contains(kinds, 'test')
    UNION
    SELECT DISTINCT 'dataset', dataset FROM raw_runs
    WHERE kind = 'run_started' AND dataset IS NOT NULL AND list_contains(kinds, 'dataset')
    UNION
    SELECT DISTINCT 'testbed', testbed FROM testbed_names
    WHERE testbed IS NOT NULL AND list_contains(kinds, 'testbed')
), step AS (
    SELECT kind, name, name AS current, 0 AS depth FROM names
    UNION ALL
    SELECT kind, name, alias_step(kind, current), depth + 1 FROM step
    WHERE depth < 16 AND alias_step(kind, current) IS DISTINCT FROM current
      AND alias_step(kind, current) IS NOT NULL
)
SELECT kind, name, arg_max(current, depth) AS canonical FROM step GROUP BY kind, name;

-- The canonical test names and dataset labels (what a run's own facts need, sql/35_histories.sql),
-- and those with the testbeds'.
CREATE OR REPLACE VIEW canonical_run_names AS
SELECT kind, name, canonical FROM followed_names(['test', 'dataset']);

CREATE OR REPLACE VIEW canonical_names AS
SELECT kind, name, canonical FROM canonical_run_names
UNION ALL
SELECT kind, name, canonical FROM followed_names(['testbed']);

-- The canonical name of one name typed on the command line (a report's --test, a regression's
-- --baseline): the aliases followed as for the runs' names; a name no alias leads on from and no
-- run carries is then matched to a canonical name without regard to case (`--test ycsb_a`
-- finds YCSB_A), when just one matches so.
CREATE OR REPLACE MACRO canonical_of(name_kind, typed) AS TABLE
WITH RECURSIVE step AS (
    SELECT typed::VARCHAR AS current, 0 AS depth
    UNION ALL
    SELECT alias_step(name_kind, current), depth + 1 FROM step
    WHERE depth < 16 AND alias_step(name_kind, current) IS DISTINCT FROM current
      AND alias_step(name_kind, current) IS NOT NULL
), followed AS (
    SELECT arg_max(current, depth) AS name FROM step
), by_case AS (
    SELECT DISTINCT c.canonical FROM canonical_names c, followed f
    WHERE c.kind = name_kind AND lower(c.canonical) = lower(f.name)
)
SELECT CASE
    WHEN EXISTS (SELECT 1 FROM canonical_names c, followed f
                 WHERE c.kind = name_kind AND c.canonical = f.name) THEN f.name
    WHEN (SELECT count(*) FROM by_case) = 1 THEN (SELECT canonical FROM by_case)
    ELSE f.name END AS canonical
FROM followed f;
