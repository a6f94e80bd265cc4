package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.report.ComparisonQuery;
import io.benchlake.analytics.report.ComparisonReport;
import io.benchlake.analytics.report.TextReport;
import io.benchlake.warehouse.Warehouse;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The thread_stats view against every statistic cell of a real TAF report, from its Iteration rows.
 */
class ThreadStatsTest {
  @TempDir static Path dir;
  static TafFixture fixture;
  static Warehouse warehouse;

  @BeforeAll
  static void load() throws Exception {
    fixture = TafFixture.read("oltp_rw_11.4-13.0.txt");
    warehouse = FixtureWarehouse.of(dir.resolve("warehouse"), fixture, "OLTP_RW", "TPS");
  }

  @Test
  void theTproccReportsStatisticsFollowFromItsIterationsToo() throws Exception {
    TafFixture tprocc = TafFixture.read("tprocc_nopm_synthetic.txt");
    Warehouse w = FixtureWarehouse.of(dir.resolve("tprocc"), tprocc, "TPROCC", "NOPM");
    try (AnalyticsSession session = AnalyticsSession.open(w)) {
      ComparisonReport report =
          ComparisonQuery.load(
              session, Optional.of("TPROCC"), "NOPM", tprocc.datasets(), List.of());
      List<String> rendered = List.of(TextReport.render(report).split("\n", -1));
      assertEquals(tprocc.section("Comparison: NOPM"), sectionOf(rendered, "Comparison: NOPM"));
      for (int threads : tprocc.metricTables().keySet()) {
        assertEquals(
            tprocc.section("Thread Count: " + threads),
            sectionOf(rendered, "Thread Count: " + threads));
      }
    }
  }

  @Test
  void everyStatisticCellOfTheFixtureFollowsFromItsIterations() throws Exception {
    int checked = 0;
    try (AnalyticsSession session = AnalyticsSession.open(warehouse)) {
      for (var table : fixture.metricTables().entrySet()) {
        int threads = table.getKey();
        for (int d = 0; d < fixture.datasets().size(); d++) {
          try (var st =
              session
                  .connection()
                  .prepareStatement(
                      "SELECT mean, max, min, stddev, cov, median, p95, p99, skewness FROM thread_stats "
                          + "WHERE run_id = ? AND threads = ? AND metric = 'TPS'")) {
            st.setString(1, "run-" + d);
            st.setInt(2, threads);
            try (ResultSet rs = st.executeQuery()) {
              assertTrue(rs.next(), "stats for " + fixture.datasets().get(d) + " at " + threads);
              String[] rows = {"Mean", "Max", "Min", "StdDev", "CoV", "Median (p50)", "p95", "p99"};
              for (int i = 0; i < rows.length; i++) {
                String expected = table.getValue().get(rows[i]).get(d);
                assertEquals(
                    expected,
                    TextReport.number(rs.getDouble(i + 1), 2),
                    rows[i] + " of " + fixture.datasets().get(d) + " at " + threads + " threads");
                checked++;
              }
              double skew = Double.parseDouble(table.getValue().get("Skewness").get(d));
              assertEquals(
                  skew,
                  rs.getDouble(9),
                  0.01,
                  "Skewness of " + fixture.datasets().get(d) + " at " + threads);
              checked++;
            }
          }
        }
      }
    }
    assertEquals(6 * 4 * 9, checked, "every Mean..Skewness cell of the 24 columns");
  }

  @Test
  void theReportRendersTheFixturesComparisonAndMetricTablesExactly() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse)) {
      ComparisonReport report =
          ComparisonQuery.load(
              session, Optional.of("OLTP_RW"), "TPS", fixture.datasets(), List.of());
      List<String> rendered = List.of(TextReport.render(report).split("\n", -1));
      assertEquals(fixture.section("Comparison: TPS"), sectionOf(rendered, "Comparison: TPS"));
      for (int threads : fixture.metricTables().keySet()) {
        assertEquals(
            fixture.section("Thread Count: " + threads),
            sectionOf(rendered, "Thread Count: " + threads));
      }
      assertEquals(fixture.datasets(), report.datasets());
    }
  }

  @Test
  void datasetsFollowTheOrderTheyWereFirstSeenWhenNoneAreNamed() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse)) {
      ComparisonReport report =
          ComparisonQuery.load(session, Optional.empty(), "TPS", List.of(), List.of());
      assertEquals(fixture.datasets(), report.datasets());
      assertEquals(List.of(4, 8, 16, 32, 64, 128), report.threads());
    }
  }

  private static List<String> sectionOf(List<String> lines, String first) {
    int start = lines.indexOf(first);
    assertTrue(start >= 0, "report has " + first);
    int end = start + 2;
    while (end < lines.size() && !lines.get(end).isBlank()) {
      end++;
    }
    return lines.subList(start, end);
  }
}
