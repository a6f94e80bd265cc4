package io.benchlake.analytics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report's cells where a source report's printed statistics stand, and around exclusions. */
class SourceCellsTest {
  private static final String A = "10.4.10-MariaDB";
  private static final String B = "11.8.4-MariaDB";

  /** 27.465 at 3 decimals and 27.47 at 2: the true mean was 27.4651…, not 27.465. */
  static ThreadStatistics printed() {
    return new ThreadStatistics(
        3,
        27.465,
        28.35,
        26.70,
        0.68,
        0.02,
        27.35,
        28.25,
        28.33,
        0.26,
        List.of(27.35, 28.35, 26.70),
        List.of(1, 2, 3),
        Map.of(
            "mean", Map.of(3, 27.465, 2, 27.47),
            "max", Map.of(2, 28.35),
            "skewness", Map.of(2, 0.26)),
        true,
        false);
  }

  /** Iteration 2 excluded: 1 and 3 kept, statistics computed from them. */
  static ThreadStatistics withGap() {
    return new ThreadStatistics(
        2,
        27.855,
        28.24,
        27.47,
        0.385,
        0.0138,
        27.855,
        28.2015,
        28.2323,
        0.0,
        List.of(28.24, 27.47),
        List.of(1, 3),
        Map.of(),
        false,
        true);
  }

  static ComparisonReport report() {
    return ComparisonReport.builder()
        .title(List.of("DELIVERY_ratio by Thread Count", "MDEV-39364 - deeper look"))
        .test("TPROCC")
        .metric("DELIVERY_ratio")
        .datasets(List.of(A, B))
        .threads(List.of(64))
        .stats(Map.of(A, Map.of(64, withGap()), B, Map.of(64, printed())))
        .runIds(Map.of(A, "r1", B, "r2"))
        .leftOut(List.of(new LeftOut(A, "r1", 64, 2, "noisy neighbour")))
        .build();
  }

  @Test
  void aPrintedStatisticIsShownAtTheDecimalsItWasPrintedWith() {
    List<List<String>> comparison = ReportTables.comparison(report());
    assertEquals(List.of("64", "27.855", "27.465"), comparison.get(1));
    List<List<String>> metrics = ReportTables.metrics(report(), 64);
    assertEquals(List.of("Mean", "27.86", "27.47"), metrics.get(1), "27.465 would round to 27.46");
    assertEquals(List.of("Skewness", "0.00", "0.26"), metrics.get(9));
  }

  @Test
  void anExcludedIterationIsMarkedInItsOwnRowAndTheNextStaysInPlace() {
    List<List<String>> metrics = ReportTables.metrics(report(), 64);
    assertEquals(List.of("Iteration 1", "28.24", "27.35"), metrics.get(10));
    assertEquals(List.of("Iteration 2", ReportTables.EXCLUDED, "28.35"), metrics.get(11));
    assertEquals(List.of("Iteration 3", "27.47", "26.70"), metrics.get(12));
    assertEquals(13, metrics.size());
  }

  @Test
  void theLastIterationExcludedStillHasItsRow() {
    ThreadStatistics firstTwo =
        new ThreadStatistics(
            2,
            1,
            1,
            1,
            0,
            0.0,
            1,
            1,
            1,
            0,
            List.of(1.0, 1.0),
            List.of(1, 2),
            Map.of(),
            false,
            false);
    ComparisonReport r =
        ComparisonReport.builder()
            .title(List.of("t"))
            .test("T")
            .metric("TPS")
            .datasets(List.of(A))
            .threads(List.of(8))
            .stats(Map.of(A, Map.of(8, firstTwo)))
            .runIds(Map.of(A, "r1"))
            .leftOut(List.of(new LeftOut(A, "r1", 8, 3, "x")))
            .build();
    List<List<String>> metrics = ReportTables.metrics(r, 8);
    assertEquals(List.of("Iteration 3", ReportTables.EXCLUDED), metrics.get(metrics.size() - 1));
  }

  @Test
  void theReportSaysWhereItComputedWhatTheSourcePrinted() {
    String text = TextReport.render(report());
    assertTrue(
        text.contains(
            "Statistics computed from the iterations, not as the source report printed them (an"
                + " iteration is excluded): "
                + A
                + " at 64 threads"),
        text);
    assertTrue(text.startsWith("DELIVERY_ratio by Thread Count\n\nMDEV-39364 - deeper look\n"));
    assertTrue(MarkdownReport.render(report()).contains(A + " at 64 threads"));
    assertTrue(JsonReport.render(report()).contains("\"statistics_from\" : \"source\""));
  }
}
