package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.changes.ChangesQuery;
import io.benchlake.analytics.changes.RunMarkers;
import io.benchlake.analytics.trend.Trend;
import io.benchlake.analytics.trend.TrendQuery;
import io.benchlake.home.BadInputException;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A series is test × metric × thread count × testbed (docs/architecture.md, Identity): runs of two
 * machines are never averaged, runs with no testbed stand per dataset, A/B configs measured in
 * turns on one machine are two series, and a config that replaces another is a marker.
 */
class TestbedSeriesTest {
  @TempDir Path dir;

  private final List<String> runs = new ArrayList<>();
  private final List<String> environments = new ArrayList<>();
  private final List<String> iterations = new ArrayList<>();
  private final List<String> aliases = new ArrayList<>();

  /** The host name of the next runs' environments (null: none). */
  private String host;

  @Test
  void twoDatasetsOnTwoTestbedsAreTwoSeriesInTrendChangesAndReleases() throws Exception {
    for (int day = 1; day <= 4; day++) {
      run("a" + day, day, "11.8 on db1", "'db1'", null, "11.8." + day, 752 + day);
      run("b" + day, day, "11.8 on db2", "'db2'", null, "11.8." + day, 7422 + day);
    }
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      Trend month = TrendQuery.load(session, "TPROCC", 8, "NOPM", "month");
      assertEquals(List.of("db1", "db2"), month.series());
      assertEquals(754.5, month.points().get(0).mean(), 1e-9, "db1's own mean, not (752+7422)/2");
      Trend release = TrendQuery.load(session, "TPROCC", 8, "NOPM", "release");
      assertEquals(List.of("db1", "db2"), release.series());
      assertEquals(8, release.points().size());
      assertEquals(
          List.of("db1", "db2"),
          strings(session, "SELECT DISTINCT testbed FROM releases ORDER BY 1"));
      assertEquals(
          List.of("db1", "db2"),
          strings(session, "SELECT DISTINCT testbed FROM monthly ORDER BY 1"));
      BadInputException several =
          assertThrows(BadInputException.class, () -> changes(session, null));
      assertTrue(several.getMessage().contains("[db1, db2]"), several.getMessage());
      assertTrue(several.getMessage().contains("--testbed"), several.getMessage());
      ChangesQuery.History db2 = changes(session, "db2");
      assertEquals(
          List.of("b1", "b2", "b3", "b4"),
          db2.runs().stream().map(ChangesQuery.Run::runId).toList());
      assertEquals("db2", db2.host());
    }
  }

  @Test
  void runsWithoutATestbedStandAsTheirDatasetsAndAnAliasJoinsTwoNames() throws Exception {
    for (int day = 1; day <= 3; day++) {
      run("a" + day, day, "A", "NULL", null, null, 311 + day);
      run("b" + day, day, "B", "NULL", null, null, 3455 + day);
      run("c" + day, day, "C", day == 1 ? "'box'" : "'box.example.com'", null, null, 100);
    }
    aliases.add("('k1', 'k1', '2026-03-06', 1, '2026-03-06', 'testbed', 'box.example.com', 'box')");
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      Trend month = TrendQuery.load(session, "TPROCC", 8, "NOPM", "month");
      assertEquals(List.of("A (no testbed)", "B (no testbed)", "box"), month.series());
      assertEquals(3, month.points().get(2).runs(), "the alias joins the two names of box");
      assertEquals(
          List.of("a1", "a2", "a3"),
          changes(session, "A (no testbed)").runs().stream().map(ChangesQuery.Run::runId).toList());
      BadInputException byRelease =
          assertThrows(
              BadInputException.class,
              () -> TrendQuery.load(session, "TPROCC", 8, "NOPM", "release"));
      assertEquals(
          "no release to show: the 9 completed run(s) of TPROCC at 8 threads with NOPM have no"
              + " server version; use --by month",
          byRelease.getMessage());
    }
  }

  @Test
  void importsWhoseHostIsUnknownStandAsTheirDatasetsNotAsOneMachineNamedUnknown() throws Exception {
    host = "unknown"; // what an import without --host records in the environment
    for (int day = 1; day <= 2; day++) {
      run("n" + day, day, "NT one", "NULL", null, "11.8.3", 311 + day);
      run("m" + day, day, "NT two", "NULL", null, "11.8.3", 3455 + day);
    }
    host = "db7";
    run("h1", 3, "on db7", "NULL", null, "11.8.3", 50);
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      Trend month = TrendQuery.load(session, "TPROCC", 8, "NOPM", "month");
      assertEquals(List.of("NT one (no testbed)", "NT two (no testbed)", "db7"), month.series());
      assertEquals(312.5, month.points().get(0).mean(), 1e-9, "not (312.5 + 3456.5) / 2");
    }
  }

  @Test
  void interleavedConfigsAreTwoSeriesAndAReplacedConfigIsAMarker() throws Exception {
    for (int day = 1; day <= 6; day++) {
      // AHI ON and AHI OFF in turns on db1: two series
      run("on" + day, 2 * day, "AHI ON", "'db1'", "ahi=ON", "12.3." + day, 1000 + day);
      run("off" + day, 2 * day + 1, "AHI OFF", "'db1'", "ahi=OFF", "12.3." + day, 800 + day);
      // on db2 one config replaces another, and a run without a config changes nothing
      String cnf = day <= 3 ? "buffer=1G" : "buffer=8G";
      run("r" + day, 2 * day, "tuned", "'db2'", day == 5 ? null : cnf, "12.3." + day, 500 + day);
    }
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      Trend release = TrendQuery.load(session, "TPROCC", 8, "NOPM", "release");
      List<String> series = release.series();
      assertEquals(3, series.size(), series.toString());
      assertTrue(series.get(0).startsWith("db1 · cnf ") && series.get(1).startsWith("db1 · cnf "));
      assertEquals("db2", series.get(2));
      List<Trend.Point> db2 =
          release.points().stream().filter(p -> p.series().equals("db2")).toList();
      assertEquals(6, db2.size());
      for (int i = 0; i < 6; i++) {
        if (i == 3) {
          assertTrue(db2.get(i).marker().startsWith("config "), db2.get(i).marker());
        } else {
          assertNull(db2.get(i).marker(), "no change at " + db2.get(i).key());
        }
      }
      List<Trend.Point> ab =
          release.points().stream().filter(p -> p.series().startsWith("db1")).toList();
      assertTrue(ab.stream().allMatch(p -> p.marker() == null), "two series, no change in either");
      assertEquals(
          List.of(801.0, 1001.0),
          ab.stream()
              .filter(p -> p.key().equals("12.3.1"))
              .map(Trend.Point::mean)
              .sorted()
              .toList());
      BadInputException both = assertThrows(BadInputException.class, () -> changes(session, "db1"));
      assertTrue(
          both.getMessage().contains(series.get(0)) && both.getMessage().contains(series.get(1)),
          "the testbed's A/B series are not one history: " + both.getMessage());
      assertEquals(6, changes(session, series.get(0)).runs().size());
      ChangesQuery.History tuned = changes(session, "db2");
      assertEquals(
          List.of("r4"),
          RunMarkers.of(tuned.runs()).stream()
              .map(m -> tuned.runs().get(m.index()).runId())
              .toList(),
          "the replaced config marks its first run in changes, as in trend");
      assertTrue(RunMarkers.of(tuned.runs()).get(0).text().startsWith("config "));
    }
  }

  @Test
  void aChangeOfToolIsAMarker() throws Exception {
    for (int day = 1; day <= 4; day++) {
      run(
          "s" + day,
          day,
          "D",
          "'db1'",
          null,
          "11.4." + day,
          100,
          day <= 2 ? "import:sysbench" : "loadgen");
    }
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      Trend release = TrendQuery.load(session, "TPROCC", 8, "NOPM", "release");
      assertEquals(
          java.util.Arrays.asList(null, null, "tool import:sysbench -> loadgen", null),
          release.points().stream().map(Trend.Point::marker).toList());
      assertEquals(
          List.of(new RunMarkers.Marker(2, "tool import:sysbench -> loadgen")),
          RunMarkers.of(changes(session, "db1").runs()));
    }
  }

  private static ChangesQuery.History changes(AnalyticsSession session, String testbed) {
    return ChangesQuery.history(
        session,
        new ChangesQuery.Series("TPROCC", 8, "NOPM", "time", Optional.ofNullable(testbed)));
  }

  private void run(
      String id, int day, String dataset, String testbed, String cnf, String version, double nopm) {
    run(id, day, dataset, testbed, cnf, version, nopm, "import:hammerdb");
  }

  private void run(
      String id,
      int day,
      String dataset,
      String testbed,
      String cnf,
      String version,
      double nopm,
      String source) {
    String at = String.format("'2026-03-%02d 10:00:00'", day);
    runs.add(
        String.format(
            "('%s-s', '%s', %s, 1, 'run_started', %s, '%s', 'TPROCC', '%s', %s, NULL)",
            id, id, at, at, dataset, source, testbed));
    runs.add(
        String.format(
            "('%s-f', '%s', %s, 1, 'run_finished', %s, NULL, NULL, NULL, NULL, 'completed')",
            id, id, at, at));
    if (cnf != null || version != null) {
      environments.add(
          String.format(
              "('%s-e', '%s', %s, 1, %s, %s, %s, %s)",
              id,
              id,
              at,
              at,
              host == null ? "NULL" : "'" + host + "'",
              version == null ? "NULL" : "'" + version + "'",
              cnf == null ? "NULL" : "'[mysqld]\n" + cnf + "'"));
    }
    iterations.add(
        String.format(
            "('%s-i', '%s', %s, 1, '%s-r', 8, 1, 'NOPM', %s, '', 'x', false, 'completed')",
            id, id, at, id, nopm));
  }

  private Warehouse warehouse() throws Exception {
    return FixtureWarehouse.write(
        dir,
        c -> {
          insert(
              c,
              "runs (event_id, run_id, started_at, ingest_seq, kind, emitted_at, dataset,"
                  + " test_name, source, testbed, status)",
              runs);
          insert(
              c,
              "environments (event_id, run_id, started_at, ingest_seq, emitted_at, host_name,"
                  + " db_version, config_contents)",
              environments);
          insert(
              c,
              "iterations (event_id, run_id, started_at, ingest_seq, row_id, threads, iteration,"
                  + " metric, value, unit, source, computed, status)",
              iterations);
          insert(
              c,
              "aliases (event_id, run_id, started_at, ingest_seq, emitted_at, kind, from_name,"
                  + " to_name)",
              aliases);
        },
        WarehouseTable.RUNS,
        WarehouseTable.ENVIRONMENTS,
        WarehouseTable.ITERATIONS,
        WarehouseTable.ALIASES);
  }

  private static void insert(Connection c, String into, List<String> rows) throws Exception {
    if (!rows.isEmpty()) {
      try (Statement st = c.createStatement()) {
        st.execute("INSERT INTO " + into + " VALUES " + String.join(", ", rows));
      }
    }
  }

  private static List<String> strings(AnalyticsSession session, String sql) {
    return session.query(sql).rows().stream().map(r -> String.valueOf(r.get(0))).toList();
  }
}
