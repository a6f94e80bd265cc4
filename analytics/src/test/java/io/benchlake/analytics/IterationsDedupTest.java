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
 * The iterations view keeps one row per run x thread count x iteration x metric whatever the
 * ingests wrote: a run written by one ingest is read as it is, a run written by several goes
 * through the ranking (complete beats incomplete, source beats computed, newer beats older), and
 * the monthly and releases views add up only what is kept.
 */
class IterationsDedupTest {
  @TempDir Path dir;

  @Test
  void eachIterationIsCountedOnceWhicheverIngestsWroteIt() throws Exception {
    Warehouse warehouse =
        FixtureWarehouse.write(
            dir,
            IterationsDedupTest::insertRows,
            WarehouseTable.RUNS,
            WarehouseTable.ENVIRONMENTS,
            WarehouseTable.ITERATIONS);

    try (AnalyticsSession session = AnalyticsSession.open(warehouse)) {
      assertEquals(
          List.of(
              List.of("A", 1, 100.0),
              List.of("A", 2, 110.0),
              List.of("B", 1, 200.0),
              List.of("B", 2, 220.0),
              List.of("C", 1, 300.0),
              List.of("C", 2, 330.0)),
          session
              .query("SELECT run_id, iteration, value FROM iterations ORDER BY run_id, iteration")
              .rows());
      assertEquals(
          List.of(List.of(3L, 6L, 210.0)),
          session
              .query("SELECT runs, iterations::BIGINT, mean FROM monthly WHERE metric = 'TPS'")
              .rows());
      assertEquals(
          List.of(List.of("11.8.3", 3L, 6L, 210.0)),
          session.query("SELECT release, runs, iterations::BIGINT, mean FROM releases").rows());
      assertEquals(
          List.of(List.of("B", 2L, 210.0), List.of("C", 2L, 315.0)),
          session
              .query("SELECT run_id, n, mean FROM thread_stats WHERE run_id <> 'A' ORDER BY run_id")
              .rows());
    }
  }

  private static void insertRows(Connection c) throws Exception {
    try (Statement st = c.createStatement()) {
      for (String run : List.of("A", "B", "C")) {
        st.execute(
            "INSERT INTO runs (event_id, run_id, started_at, ingest_seq, kind, emitted_at, dataset,"
                + " test_name, status) VALUES"
                + String.format(
                    " ('%1$s-s', '%1$s', TIMESTAMP '2026-03-02', 1, 'run_started',"
                        + " TIMESTAMP '2026-03-02', 'D%1$s', 'OLTP_RW', NULL),"
                        + " ('%1$s-f', '%1$s', TIMESTAMP '2026-03-02', 1, 'run_finished',"
                        + " TIMESTAMP '2026-03-03', NULL, NULL, 'completed')",
                    run));
        st.execute(
            "INSERT INTO environments (event_id, run_id, started_at, ingest_seq, emitted_at, host_name,"
                + " db_version) VALUES ('"
                + run
                + "-e', '"
                + run
                + "', TIMESTAMP '2026-03-02', 1, TIMESTAMP '2026-03-02', 'h', '11.8.3-MariaDB')");
      }
      st.execute(
          "INSERT INTO iterations (event_id, run_id, started_at, ingest_seq, threads, iteration, metric,"
              + " value, computed, status) SELECT run_id || seq || it, run_id,"
              + " TIMESTAMP '2026-03-02', seq, 4, it, 'TPS', value, computed, status FROM (VALUES"
              // A: one ingest
              + " ('A', 1, 1, 100.0, false, 'completed'), ('A', 1, 2, 110.0, false, 'completed'),"
              // B: seen in part by ingest 1, whole by ingest 2
              + " ('B', 1, 1, 50.0, true, 'incomplete'),"
              + " ('B', 2, 1, 200.0, false, 'completed'), ('B', 2, 2, 220.0, false, 'completed'),"
              // C: the source's value beats one computed later from samples
              + " ('C', 1, 1, 300.0, false, 'completed'), ('C', 3, 1, 999.0, true, 'completed'),"
              + " ('C', 3, 2, 330.0, false, 'completed'))"
              + " t(run_id, seq, it, value, computed, status)");
    }
  }
}
