package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.query.ResultFormatter;
import io.benchlake.home.BadInputException;
import io.benchlake.home.EnvironmentException;
import io.benchlake.warehouse.IngestTransaction;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnalyticsSessionTest {
  @TempDir Path dir;

  @Test
  void viewsWorkOnAnEmptyWarehouse() {
    try (AnalyticsSession session = AnalyticsSession.open(new Warehouse(dir.resolve("empty")))) {
      for (String view :
          new String[] {
            "runs",
            "environments",
            "samples",
            "iterations",
            "timings",
            "thread_stats",
            "comparison",
            "monthly",
            "releases",
            "config_diff",
            "run_series"
          }) {
        QueryResult r = session.query("SELECT count(*) AS n FROM " + view);
        assertEquals(0L, ((Number) r.rows().get(0).get(0)).longValue(), view);
      }
    }
  }

  @Test
  void aSessionMadeForSomeQueriesAddsTheViewsOfOthersWhenAsked() {
    Warehouse empty = new Warehouse(dir.resolve("later"));
    String later = "SELECT count(*) AS n FROM thread_stats";
    try (AnalyticsSession session =
        AnalyticsSession.openFor(
            empty,
            java.util.List.of("SELECT * FROM canonical_of('test', 'x')"),
            java.util.List.of(later),
            java.util.Set.of("canonical_names"))) {
      assertThrows(BadInputException.class, () -> session.query(later), "not made yet");
      session.prepareFor(java.util.List.of(later));
      assertEquals(0L, ((Number) session.query(later).rows().get(0).get(0)).longValue());
      // made a table: the lookup reads it as it read the view
      assertEquals(
          1L,
          ((Number)
                  session
                      .query(
                          "SELECT count(*) FROM duckdb_tables() WHERE table_name ="
                              + " 'canonical_names'")
                      .rows()
                      .get(0)
                      .get(0))
              .longValue());
      assertEquals(
          "x", session.query("SELECT * FROM canonical_of('test', 'x')").rows().get(0).get(0));
    }
  }

  @Test
  void aUsersStatementGetsTheViewsItReachesAndOneThatNamesNoneGetsThemAll() {
    Warehouse empty = new Warehouse(dir.resolve("statements"));
    String views = "SELECT count(*) FROM duckdb_views() WHERE view_name = ";
    try (AnalyticsSession session =
        AnalyticsSession.openForStatements(empty, java.util.List.of("SELECT count(*) FROM runs"))) {
      assertEquals(0L, count(session, "SELECT count(*) FROM runs"));
      assertEquals(1L, count(session, views + "'runs'"));
      assertEquals(0L, count(session, views + "'comparison'"), "not reached by runs");
    }
    try (AnalyticsSession session =
        AnalyticsSession.openForStatements(empty, java.util.List.of("SHOW TABLES"))) {
      assertEquals(1L, count(session, views + "'comparison'"));
      assertEquals(1L, count(session, views + "'runs'"));
    }
  }

  private static long count(AnalyticsSession session, String sql) {
    return ((Number) session.query(sql).rows().get(0).get(0)).longValue();
  }

  @Test
  void filesWrittenBeforeAColumnExistedStillRead() throws Exception {
    Path root = dir.resolve("old");
    Warehouse w = new Warehouse(root);
    IngestTransaction ingest = w.beginIngest();
    Path staged = ingest.staging().resolve("runs/month=2026-03");
    Files.createDirectories(staged);
    try (var c = java.sql.DriverManager.getConnection("jdbc:duckdb:");
        var st = c.createStatement()) {
      // a runs file of an earlier schema: no log_timestamp, log_partition, log_offset
      st.execute(
          "COPY (SELECT 'e1' AS event_id, 'r1' AS run_id, TIMESTAMP '2026-03-01 00:00:00' AS started_at,"
              + " 1::BIGINT AS ingest_seq, 'run_started' AS kind, 'A' AS dataset, 'T' AS test_name) TO '"
              + staged.resolve("part-1-0.parquet")
              + "' (FORMAT parquet)");
    }
    ingest.commit(Manifest.Progress.at(java.util.Map.of(0, 1L)));
    try (AnalyticsSession session = AnalyticsSession.open(w)) {
      QueryResult r = session.query("SELECT dataset, log_offset FROM raw_runs");
      assertEquals("A", r.rows().get(0).get(0));
      assertEquals(null, r.rows().get(0).get(1));
      assertEquals(
          1L,
          ((Number) session.query("SELECT count(*) FROM runs").rows().get(0).get(0)).longValue());
    }
  }

  @Test
  void aBadStatementIsOneLineNamingTheError() {
    try (AnalyticsSession session = AnalyticsSession.open(new Warehouse(dir.resolve("w")))) {
      BadInputException e = assertThrows(BadInputException.class, () -> session.query("SELEC 1"));
      assertTrue(e.getMessage().startsWith("SQL error: "), e.getMessage());
      assertTrue(e.getMessage().contains("SELEC"), e.getMessage());
      assertEquals(1, e.getMessage().lines().count());
    }
  }

  @Test
  void queriesCannotWriteFilesOrReadOutsideTheWarehouse() throws Exception {
    Path outside = dir.resolve("outside.csv");
    Files.writeString(outside, "a\n1\n");
    try (AnalyticsSession session = AnalyticsSession.open(new Warehouse(dir.resolve("w")))) {
      assertThrows(
          BadInputException.class,
          () -> session.query("SELECT * FROM read_csv('" + outside + "')"));
      assertThrows(
          BadInputException.class,
          () -> session.query("COPY (SELECT 1) TO '" + dir.resolve("written.csv") + "'"));
      assertThrows(
          BadInputException.class, () -> session.query("SET enable_external_access = true"));
    }
    assertTrue(Files.notExists(dir.resolve("written.csv")));
  }

  @Test
  void aNativeLibraryThatDoesNotLoadIsOneEnvironmentLineNotACompletionException() {
    CompletableFuture<java.sql.Connection> starting =
        CompletableFuture.supplyAsync(
            () -> {
              throw new UnsatisfiedLinkError(
                  "/opt/lib/libduckdb_java.so_linux_amd64: cannot open shared object file\nmore");
            });
    EnvironmentException e =
        assertThrows(EnvironmentException.class, () -> AnalyticsSession.started(starting));
    assertEquals(
        "DuckDB could not start: UnsatisfiedLinkError: /opt/lib/libduckdb_java.so_linux_amd64:"
            + " cannot open shared object file",
        e.getMessage());
    assertTrue(e.getCause() instanceof UnsatisfiedLinkError);
  }

  @Test
  void anSqlExceptionOrAnotherErrorStartingDuckDbIsThrownAsItself() {
    CompletableFuture<java.sql.Connection> refused =
        CompletableFuture.supplyAsync(
            () -> {
              throw new CompletionException(new SQLException("no memory for the database"));
            });
    assertEquals(
        "no memory for the database",
        assertThrows(SQLException.class, () -> AnalyticsSession.started(refused)).getMessage());
    CompletableFuture<java.sql.Connection> outOfMemory =
        CompletableFuture.supplyAsync(
            () -> {
              throw new OutOfMemoryError("Java heap space");
            });
    assertThrows(OutOfMemoryError.class, () -> AnalyticsSession.started(outOfMemory));
  }

  @Test
  void csvHasAHeaderRowAndQuotesWhatNeedsIt() {
    try (AnalyticsSession session = AnalyticsSession.open(new Warehouse(dir.resolve("w")))) {
      QueryResult r = session.query("SELECT 8 AS count_star, 'a,b' AS label");
      assertEquals("count_star,label\n8,\"a,b\"\n", ResultFormatter.render(r, OutputFormat.CSV));
    }
  }
}
