package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.changes.ChangesQuery;
import io.benchlake.analytics.regress.RegressionQuery;
import io.benchlake.analytics.regress.Verdict;
import io.benchlake.analytics.report.ComparisonQuery;
import io.benchlake.analytics.report.ComparisonReport;
import io.benchlake.analytics.trend.Trend;
import io.benchlake.analytics.trend.TrendQuery;
import io.benchlake.changepoints.Method;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The names a user types reach the runs stored under their canonical names: every read verb's query
 * takes a test or dataset under any alias (built-in ones whatever the case, the users' own exactly)
 * and a canonical name whatever its case. The runs are stored as HammerDB (TPROC-C), TAF (TPROCC)
 * and sysbench (oltp_read_write.lua) wrote them.
 */
class TypedNamesTest {
  @TempDir Path dir;

  @Test
  void aNameIsResolvedThroughBuiltInAndUserAliasesAndCase() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      assertEquals("TPROCC", CanonicalNames.test(session, "TPROC-C"));
      assertEquals("TPROCC", CanonicalNames.test(session, "tpcc"));
      assertEquals("OLTP_RW", CanonicalNames.test(session, "oltp_read_write"));
      assertEquals("OLTP_RW", CanonicalNames.test(session, "OLTP_Read_Write.lua"));
      assertEquals("OLTP_RW", CanonicalNames.test(session, "my_rw"));
      assertEquals("YCSB_A", CanonicalNames.test(session, "ycsb_a"));
      assertEquals("MariaDB 11.4.2", CanonicalNames.dataset(session, "Mariadb 11.4.2-MariaDB-log"));
      assertEquals("MariaDB 11.4.2", CanonicalNames.dataset(session, "mariadb 11.4.2"));
      // a user's alias is matched exactly, as the views match it; an unknown name stays as typed
      assertEquals("MY_RW", CanonicalNames.test(session, "MY_RW"));
      assertEquals("nothing like it", CanonicalNames.dataset(session, "nothing like it"));
    }
  }

  /**
   * The views a session makes tables of (computed once, where DuckDB would compute a view at every
   * use) hold the very rows their views give, with aliases and testbeds among them.
   */
  @Test
  void theViewsASessionKeepsAsTablesHoldTheRowsOfTheirViews() throws Exception {
    List<ViewDefinitions.Definition> kept =
        ViewDefinitions.load().all().definitions().stream()
            .filter(d -> List.of("canonical_names", "run_testbeds").contains(d.name()))
            .toList();
    assertEquals(2, kept.size());
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      for (ViewDefinitions.Definition d : kept) {
        assertEquals(
            List.of(List.of(1L)),
            session
                .query("SELECT count(*) FROM duckdb_tables() WHERE table_name = '" + d.name() + "'")
                .rows(),
            d.name() + " is a table");
        java.util.regex.Matcher body =
            java.util.regex.Pattern.compile(
                    "(?is)\\s*CREATE\\s+OR\\s+REPLACE\\s+VIEW\\s+\\w+\\s+AS\\s+(.*?);?\\s*")
                .matcher(d.sql());
        assertTrue(body.matches(), d.sql());
        List<List<Object>> rows =
            session.query("SELECT * FROM " + d.name() + " ORDER BY ALL").rows();
        assertTrue(rows.size() >= 4, d.name() + ": " + rows);
        assertEquals(
            session.query("SELECT * FROM (" + body.group(1) + ") ORDER BY ALL").rows(),
            rows,
            d.name());
      }
    }
  }

  @Test
  void reportTakesTheTestAndDatasetsUnderTheirAliases() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      ComparisonReport report =
          ComparisonQuery.load(
              session,
              Optional.of("TPROC-C"),
              "NOPM",
              List.of("mariadb 11.5.1", "Mariadb 11.4.2-MariaDB-log"),
              List.of(),
              Optional.of("Mariadb 11.4.2-MariaDB-log"));
      assertEquals("TPROCC", report.test());
      assertEquals(List.of("MariaDB 11.5.1", "MariaDB 11.4.2"), report.datasets());
      assertEquals(Optional.of("MariaDB 11.4.2"), report.baseline());
    }
  }

  @Test
  void regressionsTakeTheDatasetsAndTestUnderTheirAliases() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      List<Verdict> verdicts =
          RegressionQuery.run(
              session,
              "Mariadb 11.4.2-MariaDB-log",
              "mariadb 11.5.1",
              Optional.of("tpc-c"),
              Optional.of("NOPM"),
              5,
              0.05);
      assertEquals(1, verdicts.size());
      assertEquals("TPROCC", verdicts.get(0).test());
    }
  }

  @Test
  void trendTakesTheTestUnderItsAlias() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      Trend trend = TrendQuery.load(session, "oltp_read_write", 8, "TPS", "month");
      assertEquals("OLTP_RW", trend.test());
      assertEquals(1, trend.points().size());
    }
  }

  @Test
  void changesTakeTheTestUnderItsAlias() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      ChangesQuery.Result result =
          ChangesQuery.load(
              session,
              new ChangesQuery.Series("tproc_c", 8, "NOPM", "time", Optional.empty()),
              new ChangesQuery.Options(Method.SEGMENTS, Method.SEGMENTS.defaultAlpha(), 0.05));
      assertEquals("TPROCC", result.test());
      assertEquals(List.of("a", "b"), result.runs().stream().map(ChangesQuery.Run::runId).toList());
    }
  }

  private Warehouse warehouse() throws Exception {
    return FixtureWarehouse.write(
        dir,
        TypedNamesTest::insertRows,
        WarehouseTable.RUNS,
        WarehouseTable.ENVIRONMENTS,
        WarehouseTable.ITERATIONS,
        WarehouseTable.ALIASES);
  }

  private static void insertRows(Connection c) throws Exception {
    try (Statement st = c.createStatement()) {
      st.execute(
          "INSERT INTO runs (event_id, run_id, started_at, ingest_seq, kind, emitted_at, dataset,"
              + " test_name, source, status, testbed) VALUES"
              + run("a", "2026-03-01", "Mariadb 11.4.2-MariaDB-log", "TPROC-C")
              + ","
              + run("b", "2026-03-02", "MariaDB 11.5.1", "TPROCC")
              + ","
              + run("s", "2026-03-03", "MariaDB 11.5.1", "oltp_read_write.lua")
              + ","
              + run("y", "2026-03-04", "MariaDB 11.5.1", "YCSB_A"));
      st.execute(
          "INSERT INTO iterations (event_id, run_id, started_at, ingest_seq, row_id, threads,"
              + " iteration, metric, value, unit, source, computed, status) VALUES"
              + iteration("a", 1, "NOPM", 100)
              + ","
              + iteration("a", 2, "NOPM", 101)
              + ","
              + iteration("b", 1, "NOPM", 90)
              + ","
              + iteration("b", 2, "NOPM", 91)
              + ","
              + iteration("s", 1, "TPS", 500)
              + ","
              + iteration("y", 1, "TPS", 700));
      st.execute(
          "INSERT INTO aliases (event_id, run_id, started_at, ingest_seq, emitted_at, kind,"
              + " from_name, to_name) VALUES"
              + " ('k1', 'k1', '2026-03-06', 1, '2026-03-06', 'dataset',"
              + "  'Mariadb 11.4.2-MariaDB-log', 'MariaDB 11.4.2'),"
              + " ('k2', 'k2', '2026-03-06', 1, '2026-03-06', 'test', 'my_rw', 'oltp_read_write')");
    }
  }

  private static String run(String id, String day, String dataset, String test) {
    return String.format(
        " ('%s1', '%s', '%s', 1, 'run_started', '%s', '%s', '%s', 'x', NULL, 'db1'),"
            + " ('%s2', '%s', '%s', 1, 'run_finished', '%s', NULL, NULL, NULL, 'completed',"
            + " NULL)",
        id, id, day, day, dataset, test, id, id, day, day);
  }

  private static String iteration(String run, int n, String metric, double value) {
    return String.format(
        " ('%s-i%d', '%s', '2026-03-01', 1, '%s-r%d', 8, %d, '%s', %s, '', 'x', false,"
            + " 'completed')",
        run, n, run, run, n, n, metric, value);
  }
}
