package io.benchlake.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.report.ComparisonReport;
import io.benchlake.analytics.report.PropertyTable;
import io.benchlake.analytics.report.ReportStability;
import io.benchlake.analytics.report.TextReport;
import io.benchlake.analytics.report.ThreadStatistics;
import io.benchlake.analytics.stability.IterationStability;
import io.benchlake.analytics.stability.StabilityThresholds;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.SourceFile;
import io.benchlake.importers.taf.TafReportImporter;
import io.benchlake.importers.taf.TafReportParser;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A text report keeps the TAF layout and adds its Stability block after it: the TAF importer reads
 * such a report as the same runs, iterations and printed statistics as the report without it.
 */
class StabilityBlockImportTest {
  private static final String OLD = "MariaDB 11.4.5";
  private static final String NEW = "MariaDB 12.3.1";

  private static ThreadStatistics stats(double... values) {
    double mean = java.util.Arrays.stream(values).average().orElseThrow();
    double max = java.util.Arrays.stream(values).max().orElseThrow();
    double min = java.util.Arrays.stream(values).min().orElseThrow();
    return new ThreadStatistics(
        values.length,
        mean,
        max,
        min,
        (max - min) / 2,
        (max - min) / 2 / mean,
        mean,
        max,
        max,
        0.0,
        java.util.Arrays.stream(values).boxed().toList());
  }

  private static ComparisonReport report() {
    Map<String, Map<Integer, ThreadStatistics>> stats = new LinkedHashMap<>();
    stats.put(OLD, Map.of(1, stats(101.5, 99.25, 100), 8, stats(612.5, 640.25, 633)));
    stats.put(NEW, Map.of(1, stats(97.5, 98, 96.75), 8, stats(590, 402.5, 601.25)));
    PropertyTable.Builder system = new PropertyTable.Builder();
    PropertyTable.Builder test = new PropertyTable.Builder();
    for (String d : List.of(OLD, NEW)) {
      system.put(d, "Host", "bed1").put(d, "CPU Count", 8);
      test.put(d, "Test Name", "OLTP_RW").put(d, "Timestamp", "2026-11-30 10:00:00");
    }
    return ComparisonReport.builder()
        .title(List.of("TPS by Thread Count", "TPS by Thread Count - OLTP_RW"))
        .test("OLTP_RW")
        .metric("TPS")
        .datasets(List.of(OLD, NEW))
        .threads(List.of(1, 8))
        .stats(stats)
        .system(system.build())
        .testInfo(test.build())
        .runIds(Map.of(OLD, "r1", NEW, "r2"))
        .build();
  }

  /** 40 one-second intervals at 600 tx/s, the 20th at 12 when {@code stalled}. */
  private static IterationStability.Verdict iteration(int number, boolean stalled) {
    List<IterationStability.Interval> in = new ArrayList<>();
    for (int i = 1; i <= 40; i++) {
      in.add(new IterationStability.Interval(i, 1, stalled && i == 20 ? 12 : 600 + (i % 3)));
    }
    return IterationStability.check(number, in, StabilityThresholds.DEFAULTS);
  }

  private static ImportBatch imported(String text) {
    SourceFile f =
        SourceFile.of("report.txt", text.getBytes(StandardCharsets.UTF_8), Instant.EPOCH);
    return TafReportImporter.toEvents(TafReportParser.parse(f), Optional.empty(), Optional.empty());
  }

  @Test
  void aTextReportWithItsStabilityBlockImportsAsTheSameEvents() {
    ComparisonReport plain = report();
    Map<String, Map<Integer, List<IterationStability.Verdict>>> verdicts = new LinkedHashMap<>();
    verdicts.put(OLD, Map.of(8, List.of(iteration(1, false), iteration(2, false))));
    verdicts.put(
        NEW, Map.of(8, List.of(iteration(1, false), iteration(2, true), iteration(3, false))));
    ComparisonReport checked =
        plain.withStability(new ReportStability(StabilityThresholds.DEFAULTS, verdicts));

    String without = TextReport.render(plain);
    String with = TextReport.render(checked);
    assertTrue(with.startsWith(without), "the TAF layout stays as it was, the block after it");
    String block = with.substring(without.length());
    assertTrue(block.startsWith("\nStability\n"), block);
    assertTrue(block.contains("8\t" + NEW + "\t3 of 3\t"), block);
    assertTrue(block.contains("iteration 2: 1 stall (intervals under 10% of the median"), block);
    assertFalse(with.contains("†"), "the text report marks no TAF cell");

    ImportBatch a = imported(without);
    ImportBatch b = imported(with);
    assertFalse(a.events().isEmpty());
    assertEquals(a.events(), b.events());
    assertEquals(a.description(), b.description());
  }

  @Test
  void aReportWhoseRunsHaveNoIntervalsSaysSoInOneLineAndImportsTheSame() {
    ComparisonReport plain = report();
    ComparisonReport unchecked =
        plain.withStability(new ReportStability(StabilityThresholds.DEFAULTS, Map.of()));
    String with = TextReport.render(unchecked);
    assertTrue(
        with.endsWith(
            "\nStability\n\nNot checked: no iteration of these runs has 30 measured report"
                + " intervals (an imported report has none).\n"),
        with);
    assertEquals(imported(TextReport.render(plain)).events(), imported(with).events());
  }
}
