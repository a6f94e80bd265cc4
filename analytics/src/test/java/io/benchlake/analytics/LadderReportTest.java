package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.analytics.report.ComparisonQuery;
import io.benchlake.analytics.report.ComparisonReport;
import io.benchlake.analytics.report.HtmlReport;
import io.benchlake.analytics.report.JsonReport;
import io.benchlake.analytics.report.MarkdownReport;
import io.benchlake.analytics.report.TextReport;
import io.benchlake.analytics.report.TimeSeries;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report of ladders (a HammerDB run is one run whose thread counts are its VUs): every rung is a
 * row, each dataset's peak is named in every format, rows no dataset shown has are left out, and a
 * dataset without samples says so in the HTML instead of an empty chart.
 */
class LadderReportTest {
  private static final int[] VUS = {1, 2, 4, 8, 16, 32, 64};
  private static final double[] NOPM_A = {752, 1480, 2901, 5630, 8735.4, 8120, 7005};
  private static final double[] NOPM_B = {810, 1602, 3150, 6010, 9020, 11250, 10890};

  @TempDir Path dir;

  @Test
  void twoLaddersShowEveryRungAndEachDatasetsPeakInEveryFormat() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      ComparisonReport r =
          ComparisonQuery.load(
              session,
              Optional.of("TPROCC"),
              "NOPM",
              List.of("11.8 AHI ON", "12.3 AHI ON"),
              List.of());
      assertEquals(List.of(1, 2, 4, 8, 16, 32, 64), r.threads());
      JsonNode json = new ObjectMapper().readTree(JsonReport.render(r));
      assertEquals("VUs", json.get("thread_unit").asText());
      assertEquals(2, json.get("peaks").size());
      assertEquals("11.8 AHI ON", json.get("peaks").get(0).get("dataset").asText());
      assertEquals(16, json.get("peaks").get(0).get("threads").asInt());
      assertEquals(8735.4, json.get("peaks").get(0).get("mean").asDouble(), 1e-9);
      assertEquals("12.3 AHI ON", json.get("peaks").get(1).get("dataset").asText());
      assertEquals(32, json.get("peaks").get(1).get("threads").asInt());
      assertEquals("peak 11,250 NOPM at 32 VUs", json.get("peaks").get(1).get("text").asText());
      String text = TextReport.render(r);
      assertTrue(
          text.endsWith(
              "Peak per dataset\n\n11.8 AHI ON: peak 8,735 NOPM at 16 VUs\n"
                  + "12.3 AHI ON: peak 11,250 NOPM at 32 VUs\n"),
          text);
      assertTrue(text.contains("Thread Count: 64\n"), "every rung has its table");
      assertTrue(MarkdownReport.render(r).contains("- 11.8 AHI ON: peak 8,735 NOPM at 16 VUs"));
      TimeSeries none =
          new TimeSeries(64, 1, Map.of("11.8 AHI ON", List.of(), "12.3 AHI ON", List.of()));
      String html = HtmlReport.render(r, Optional.of(none));
      assertTrue(html.contains("<li>12.3 AHI ON: peak 11,250 NOPM at 32 VUs</li>"), html);
      assertTrue(html.contains("11.8 AHI ON: no per-second samples"), html);
      assertFalse(html.contains("id=\"chart-series\""), "no empty chart box");
      assertTrue(html.contains("\"peaks\":[{"), "the chart marks each peak");
    }
  }

  @Test
  void rowsAreTheThreadCountsOfTheDatasetsShown() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      ComparisonReport r =
          ComparisonQuery.load(
              session,
              Optional.of("TPROCC"),
              "NOPM",
              List.of("short ladder"),
              List.of(),
              Optional.of("short ladder"));
      assertEquals(List.of(1, 2), r.threads());
      String text = TextReport.render(r);
      assertFalse(text.contains("\n4\t"), text);
      assertFalse(text.contains("Thread Count: 4"), text);
    }
  }

  private Warehouse warehouse() throws Exception {
    List<String> runs = new ArrayList<>();
    List<String> iterations = new ArrayList<>();
    ladder("a", "11.8 AHI ON", 1, VUS, NOPM_A, runs, iterations);
    ladder("b", "12.3 AHI ON", 2, VUS, NOPM_B, runs, iterations);
    ladder("c", "short ladder", 3, new int[] {1, 2}, new double[] {700, 1300}, runs, iterations);
    return FixtureWarehouse.write(
        dir,
        c -> {
          try (Statement st = c.createStatement()) {
            st.execute(
                "INSERT INTO runs (event_id, run_id, started_at, ingest_seq, kind, emitted_at,"
                    + " dataset, test_suite, test_name, source, status) VALUES "
                    + String.join(", ", runs));
            st.execute(
                "INSERT INTO iterations (event_id, run_id, started_at, ingest_seq, row_id,"
                    + " threads, iteration, metric, value, unit, source, computed, status) VALUES "
                    + String.join(", ", iterations));
          }
        },
        WarehouseTable.RUNS,
        WarehouseTable.ITERATIONS);
  }

  private static void ladder(
      String id,
      String dataset,
      int day,
      int[] vus,
      double[] nopm,
      List<String> runs,
      List<String> iterations) {
    String at = String.format("'2026-03-%02d 10:00:00'", day);
    runs.add(
        String.format(
            "('%s-s', '%s', %s, 1, 'run_started', %s, '%s', 'hammerdb-tprocc', 'TPROC-C',"
                + " 'import:hammerdb', NULL)",
            id, id, at, at, dataset));
    runs.add(
        String.format(
            "('%s-f', '%s', %s, 1, 'run_finished', %s, NULL, NULL, NULL, NULL, 'completed')",
            id, id, at, at));
    for (int i = 0; i < vus.length; i++) {
      iterations.add(
          String.format(
              "('%s-i%d', '%s', %s, 1, '%s-r%d', %d, 1, 'NOPM', %s, '', 'hammerdb', false,"
                  + " 'completed')",
              id, i, id, at, id, i, vus[i], nopm[i]));
    }
  }
}
