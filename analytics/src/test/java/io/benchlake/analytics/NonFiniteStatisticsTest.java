package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.regress.RegressionQuery;
import io.benchlake.analytics.regress.RegressionsReport;
import io.benchlake.analytics.regress.Verdict;
import io.benchlake.analytics.report.ComparisonQuery;
import io.benchlake.analytics.report.ComparisonReport;
import io.benchlake.analytics.report.MarkdownReport;
import io.benchlake.analytics.trend.Trend;
import io.benchlake.analytics.trend.TrendQuery;
import io.benchlake.analytics.trend.TrendReport;
import io.benchlake.home.BadInputException;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Values near a double's limit, stored before importers refused them, make statistics that are not
 * finite (a mean of two 1e308 overflows): reports, regressions and trends say so and go on.
 */
class NonFiniteStatisticsTest {
  @TempDir Path dir;

  /** Two datasets of two runs each at 8 threads, their iterations' TPS as given. */
  private Warehouse warehouse(double[][] perRun) throws Exception {
    return FixtureWarehouse.write(
        dir.resolve("wh"),
        c -> {
          try (PreparedStatement run =
                  c.prepareStatement(
                      "INSERT INTO runs (event_id, run_id, started_at, ingest_seq, kind,"
                          + " emitted_at, dataset, test_suite, test_name, source, status) VALUES"
                          + " (?, ?, ?, 1, ?, ?, ?, 'sysbench', ?, 'test', ?)");
              PreparedStatement it =
                  c.prepareStatement(
                      "INSERT INTO iterations (event_id, run_id, started_at, ingest_seq, row_id,"
                          + " threads, iteration, metric, value, unit, source, computed, status)"
                          + " VALUES (?, ?, ?, 1, ?, 8, ?, 'TPS', ?, 'tx/s', 'test', false,"
                          + " 'completed')")) {
            for (int r = 0; r < perRun.length; r++) {
              String runId = "run-" + r;
              Timestamp started = Timestamp.valueOf(LocalDateTime.of(2026, 3, 1 + r, 12, 0));
              for (String kind : List.of("run_started", "run_finished")) {
                run.setString(1, runId + "-" + kind);
                run.setString(2, runId);
                run.setTimestamp(3, started);
                run.setString(4, kind);
                run.setTimestamp(5, started);
                run.setString(6, kind.equals("run_started") ? (r < 2 ? "base" : "cand") : null);
                run.setString(7, kind.equals("run_started") ? "OLTP_RW" : null);
                run.setString(8, kind.equals("run_finished") ? "completed" : null);
                run.executeUpdate();
              }
              for (int k = 0; k < perRun[r].length; k++) {
                String id = runId + "-" + (k + 1);
                it.setString(1, id);
                it.setString(2, runId);
                it.setTimestamp(3, started);
                it.setString(4, id);
                it.setInt(5, k + 1);
                it.setDouble(6, perRun[r][k]);
                it.executeUpdate();
              }
            }
          }
        },
        WarehouseTable.RUNS,
        WarehouseTable.ITERATIONS);
  }

  private static final double[][] HUGE = {
    {1e308, 1.5e308, 1.7e308}, {1.6e308, 1.2e308, 1e308}, {100, 101, 99}, {102, 98, 100}
  };

  @Test
  void regressionsSkipAComparisonWhoseStatisticsAreNotFiniteWithANote() throws Exception {
    List<String> notes = new ArrayList<>();
    try (AnalyticsSession session = AnalyticsSession.open(warehouse(HUGE))) {
      List<Verdict> verdicts =
          RegressionQuery.run(
              session,
              "base",
              "cand",
              Optional.empty(),
              Optional.of("TPS"),
              0.05,
              0.05,
              notes::add);
      assertTrue(verdicts.isEmpty(), verdicts.toString());
      assertEquals(1, notes.size(), notes.toString());
      assertTrue(notes.get(0).contains("OLTP_RW threads 8 TPS"), notes.get(0));
      assertTrue(notes.get(0).contains("not a finite number"), notes.get(0));
      for (OutputFormat f : List.of(OutputFormat.TEXT, OutputFormat.JSON, OutputFormat.MD)) {
        assertFalse(RegressionsReport.render(verdicts, f).contains("NaN"));
      }
    }
  }

  @Test
  void aReportOverValuesNearTheLimitIsOneClearLine() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse(HUGE))) {
      String m =
          assertThrows(
                  BadInputException.class,
                  () ->
                      ComparisonQuery.load(
                          session,
                          Optional.of("OLTP_RW"),
                          "TPS",
                          List.of("base", "cand"),
                          List.of()))
              .getMessage();
      assertTrue(m.startsWith("OLTP_RW threads 8 TPS of base (run run-"), m);
      assertTrue(m.contains("not a finite number"), m);
      assertEquals(1, m.lines().count());
    }
  }

  @Test
  void aTrendOverValuesNearTheLimitIsOneClearLine() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse(HUGE))) {
      String m =
          assertThrows(
                  BadInputException.class,
                  () -> TrendQuery.load(session, "OLTP_RW", 8, "TPS", "month"))
              .getMessage();
      assertTrue(m.startsWith("OLTP_RW threads 8 TPS, 2026-03"), m);
      assertTrue(m.contains("the mean is not a finite number"), m);
    }
  }

  @Test
  void finiteValuesStillMakeAReportATrendAndVerdicts() throws Exception {
    double[][] fine = {{100, 101, 99}, {102, 98, 100}, {90, 91, 89}, {92, 88, 90}};
    try (AnalyticsSession session = AnalyticsSession.open(warehouse(fine))) {
      ComparisonReport report =
          ComparisonQuery.load(
              session, Optional.of("OLTP_RW"), "TPS", List.of("base", "cand"), List.of());
      assertFalse(MarkdownReport.render(report).isBlank());
      Trend trend = TrendQuery.load(session, "OLTP_RW", 8, "TPS", "month");
      assertFalse(TrendReport.text(trend).isBlank());
      assertEquals(
          1,
          RegressionQuery.run(
                  session, "base", "cand", Optional.empty(), Optional.of("TPS"), 0.05, 0.05)
              .size());
    }
  }
}
