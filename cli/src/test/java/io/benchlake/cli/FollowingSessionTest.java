package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.RawTables;
import io.benchlake.home.BadInputException;
import io.benchlake.warehouse.IngestTransaction;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An open `sql` session survives a compaction that removed the files it had planned on. */
class FollowingSessionTest {
  @TempDir Path dir;

  /**
   * Commits {@code seq}, the next one: a runs file of {@code runs} rows, replacing {@code removed}
   * (as a compaction does).
   */
  static void commit(Warehouse w, long seq, int runs, Set<String> removed) throws Exception {
    IngestTransaction commit = removed.isEmpty() ? w.beginIngest() : w.beginCompaction();
    assertEquals(seq, commit.seq());
    Path file =
        commit
            .staging()
            .resolve(WarehouseTable.RUNS.dirName())
            .resolve("month=2026-03/part-" + seq + "-0.parquet");
    Files.createDirectories(file.getParent());
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement st = c.createStatement()) {
      st.execute("CREATE TABLE runs AS " + RawTables.emptySelect(WarehouseTable.RUNS));
      for (int i = 0; i < runs; i++) {
        st.execute(
            "INSERT INTO runs (event_id, run_id, started_at, ingest_seq, kind, emitted_at, dataset,"
                + " test_name, source) VALUES ('e"
                + i
                + "', 'r"
                + i
                + "', '2026-03-01', "
                + seq
                + ", 'run_started', '2026-03-01', 'd', 'OLTP_RW', 'loadgen')");
      }
      st.execute("COPY (SELECT * EXCLUDE (month) FROM runs) TO '" + file + "' (FORMAT parquet)");
    }
    commit.commit(Manifest.Progress.at(Map.of(0, seq)), removed);
  }

  @Test
  void aQueryAfterACompactionReopensOnTheNewCommitAndAnswers() throws Exception {
    Warehouse w = new Warehouse(dir.resolve("wh"));
    commit(w, 1, 1, Set.of());
    ByteArrayOutputStream notes = new ByteArrayOutputStream();
    try (FollowingSession session =
        new FollowingSession(
            w, AnalyticsSession::open, new PrintStream(notes, true, StandardCharsets.UTF_8))) {
      assertEquals(List.of(List.of(1L)), session.query("SELECT count(*) FROM runs").rows());
      // a compaction: the first file is replaced (and deleted) by one holding two runs
      Set<String> first = new HashSet<>(w.current().files(WarehouseTable.RUNS));
      commit(w, 2, 2, first);
      for (String f : first) {
        assertTrue(Files.notExists(w.root().resolve(f)), f + " deleted by the commit");
      }
      assertEquals(List.of(List.of(2L)), session.query("SELECT count(*) FROM runs").rows());
      assertEquals(
          "(the warehouse moved to a new commit: reading it now)\n",
          notes.toString(StandardCharsets.UTF_8));
    }
  }

  @Test
  void aMistakeOnAnUnchangedCommitIsStillOneLine() throws Exception {
    Warehouse w = new Warehouse(dir.resolve("wh"));
    commit(w, 1, 1, Set.of());
    ByteArrayOutputStream notes = new ByteArrayOutputStream();
    try (FollowingSession session =
        new FollowingSession(
            w, AnalyticsSession::open, new PrintStream(notes, true, StandardCharsets.UTF_8))) {
      BadInputException e =
          assertThrows(BadInputException.class, () -> session.query("SELECT nope FROM runs"));
      assertTrue(e.getMessage().startsWith("SQL error: "), e.getMessage());
      assertEquals("", notes.toString(StandardCharsets.UTF_8));
    }
  }
}
