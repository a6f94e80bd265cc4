package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The views read every run under its canonical names (built-in aliases, then the users' newest
 * ones, followed through chains) while keeping the names it was published with, and leave retracted
 * runs out of every table.
 */
class CanonicalNamesTest {
  @TempDir Path dir;

  @Test
  void hammerdbSysbenchAndTafSpellingsAreOneTest() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      assertEquals(
          List.of(
              List.of("h", "TPROCC", "TPROC-C"),
              List.of("l", "OLTP_RW", "OLTP_RW"),
              List.of("s", "OLTP_RW", "oltp_read_write.lua"),
              List.of("t", "TPROCC", "TPROCC"),
              List.of("u", "OLTP_RW", "my_rw")),
          session
              .query("SELECT run_id, test_name, original_test_name FROM runs ORDER BY run_id")
              .rows());
      assertEquals(
          List.of(List.of("OLTP_RW"), List.of("TPROCC")),
          session.query("SELECT DISTINCT test_name FROM runs ORDER BY 1").rows());
      assertEquals(
          List.of(List.of("TPROCC")),
          session.query("SELECT DISTINCT test_name FROM comparison ORDER BY 1").rows());
    }
  }

  @Test
  void theTpccAliasIsHammerdbsTproccAndCapturesNoOtherTpcCTest() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      assertEquals(
          List.of(List.of("TPROCC")),
          session.query("SELECT canonical FROM canonical_of('test', 'tpcc')").rows());
      for (String test :
          List.of(
              "SYSBENCH_TPCC",
              "BENCHBASE_TPCC",
              "BENCHBASE_TPCH",
              "TPCC_MYSQL",
              "sysbench_tpcc",
              "tpcc_mysql")) {
        assertEquals(
            List.of(List.of(test)),
            session.query("SELECT canonical FROM canonical_of('test', '" + test + "')").rows(),
            test + " keeps its own name");
        assertEquals(
            List.of(List.of(true)),
            session.query("SELECT alias_step('test', '" + test + "') IS NULL").rows(),
            "no built-in alias leads from " + test);
      }
    }
  }

  @Test
  void aUserDatasetAliasMergesTwoLabelsAndTheNewestAliasStands() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      assertEquals(
          List.of(
              List.of("h", "MariaDB 11.4.2", "Mariadb 11.4.2-MariaDB-log"),
              List.of("t", "MariaDB 11.4.2", "MariaDB 11.4.2")),
          session
              .query(
                  "SELECT run_id, dataset, original_dataset FROM runs WHERE test_name = 'TPROCC'"
                      + " ORDER BY run_id")
              .rows());
      // 'old label' was aliased, then the alias taken back by mapping it onto itself.
      assertEquals(
          List.of(List.of("old label")),
          session.query("SELECT dataset FROM runs WHERE run_id = 'l'").rows());
      assertEquals(
          List.of(List.of(1L)),
          session
              .query(
                  "SELECT count(DISTINCT dataset_ordinal) FROM comparison WHERE test_name = 'TPROCC'")
              .rows());
    }
  }

  @Test
  void retractedRunsAreLeftOutOfEveryView() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      for (String view : List.of("runs", "iterations", "environments", "comparison")) {
        assertEquals(
            List.of(List.of(0L)),
            session.query("SELECT count(*) FROM " + view + " WHERE run_id = 'gone'").rows(),
            view);
      }
      assertEquals(
          List.of(List.of("gone", "h")),
          session.query("SELECT run_id, replaced_by FROM retracted_runs").rows());
      assertEquals(
          List.of(List.of("h", 100.0), List.of("t", 110.0)),
          session.query("SELECT run_id, value FROM iterations ORDER BY run_id").rows());
      // one dataset under its canonical label: its latest completed run of the test
      assertEquals(
          List.of(List.of("MariaDB 11.4.2", "t", 110.0)),
          session
              .query("SELECT dataset, run_id, mean FROM comparison WHERE test_name = 'TPROCC'")
              .rows());
    }
  }

  private Warehouse warehouse() throws Exception {
    return FixtureWarehouse.write(
        dir,
        CanonicalNamesTest::insertRows,
        WarehouseTable.RUNS,
        WarehouseTable.ENVIRONMENTS,
        WarehouseTable.ITERATIONS,
        WarehouseTable.ALIASES,
        WarehouseTable.RETRACTIONS);
  }

  private static void insertRows(Connection c) throws Exception {
    try (Statement st = c.createStatement()) {
      st.execute(
          "INSERT INTO runs (event_id, run_id, started_at, ingest_seq, kind, emitted_at, dataset,"
              + " test_name, source, status) VALUES"
              + " ('h1', 'h', '2026-03-01', 1, 'run_started', '2026-03-01',"
              + "  'Mariadb 11.4.2-MariaDB-log', 'TPROC-C', 'import:hammerdb', NULL),"
              + " ('h2', 'h', '2026-03-01', 1, 'run_finished', '2026-03-01', NULL, NULL, NULL, 'completed'),"
              + " ('g1', 'gone', '2026-03-01', 1, 'run_started', '2026-03-01',"
              + "  'Mariadb 11.4.2-MariaDB-log', 'TPROC-C', 'import:hammerdb', NULL),"
              + " ('g2', 'gone', '2026-03-01', 1, 'run_finished', '2026-03-01', NULL, NULL, NULL, 'completed'),"
              + " ('t1', 't', '2026-03-02', 1, 'run_started', '2026-03-02', 'MariaDB 11.4.2', 'TPROCC',"
              + "  'import:taf-report', NULL),"
              + " ('t2', 't', '2026-03-02', 1, 'run_finished', '2026-03-02', NULL, NULL, NULL, 'completed'),"
              + " ('s1', 's', '2026-03-03', 1, 'run_started', '2026-03-03', 'MariaDB 11.4.2',"
              + "  'oltp_read_write.lua', 'import:sysbench', NULL),"
              + " ('l1', 'l', '2026-03-04', 1, 'run_started', '2026-03-04', 'old label', 'OLTP_RW',"
              + "  'loadgen', NULL),"
              + " ('u1', 'u', '2026-03-05', 1, 'run_started', '2026-03-05', 'MariaDB 11.4.2', 'my_rw',"
              + "  'import:sysbench', NULL)");
      st.execute(
          "INSERT INTO iterations (event_id, run_id, started_at, ingest_seq, row_id, threads,"
              + " iteration, metric, value, unit, source, computed, status) VALUES"
              + " ('hi', 'h', '2026-03-01', 1, 'hr', 8, 1, 'NOPM', 100, '', 'x', false, 'completed'),"
              + " ('gi', 'gone', '2026-03-01', 1, 'gr', 8, 1, 'NOPM', 999, '', 'x', false, 'completed'),"
              + " ('ti', 't', '2026-03-02', 1, 'tr', 8, 1, 'NOPM', 110, '', 'x', false, 'completed')");
      st.execute(
          "INSERT INTO environments (event_id, run_id, started_at, ingest_seq, emitted_at) VALUES"
              + " ('ge', 'gone', '2026-03-01', 1, '2026-03-01')");
      st.execute(
          "INSERT INTO aliases (event_id, run_id, started_at, ingest_seq, emitted_at, kind,"
              + " from_name, to_name) VALUES"
              + " ('a1', 'k1', '2026-03-06', 1, '2026-03-06 10:00', 'dataset',"
              + "  'Mariadb 11.4.2-MariaDB-log', 'wrong'),"
              + " ('a2', 'k1', '2026-03-06', 1, '2026-03-06 11:00', 'dataset',"
              + "  'Mariadb 11.4.2-MariaDB-log', 'MariaDB 11.4.2'),"
              + " ('a3', 'k2', '2026-03-06', 1, '2026-03-06 10:00', 'dataset', 'old label', 'new'),"
              + " ('a4', 'k2', '2026-03-06', 1, '2026-03-06 11:00', 'dataset', 'old label', 'old label'),"
              + " ('a5', 'k3', '2026-03-06', 1, '2026-03-06 10:00', 'test', 'my_rw', 'oltp_read_write')");
      st.execute(
          "INSERT INTO retractions (event_id, run_id, started_at, ingest_seq, emitted_at, reason,"
              + " replaced_by) VALUES"
              + " ('r1', 'gone', '2026-03-01', 1, '2026-03-07', 'read again', 'h')");
    }
  }
}
