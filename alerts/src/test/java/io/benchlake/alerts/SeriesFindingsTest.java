package io.benchlake.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.changepoints.Detector;
import io.benchlake.schemas.Alert;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeriesFindingsTest {
  private static final AlertSettings S = AlertSettings.DEFAULTS;

  @Test
  void theIncrementalAnalysisEqualsTheFullRecomputation() {
    for (long seed = 1; seed <= 5; seed++) {
      List<SeriesPoint> all =
          Histories.seeded(seed)
              .runs(25, 1000, false)
              .runs(8, 900, false)
              .runs(6, 960, false)
              .points();
      Detector.Result full =
          Detector.detect(all.stream().map(SeriesPoint::values).toList(), S.detector());
      for (int old = 1; old < all.size(); old += 4) {
        List<SeriesPoint> points = Histories.freshAfter(all, old);
        assertEquals(old, SeriesFindings.firstFreshAtEnd(points));
        assertEquals(
            full, SeriesFindings.detect(points, S.detector()), "seed " + seed + ", " + old);
      }
    }
  }

  @Test
  void freshPointsInTheMiddleAreAnalysedWhole() {
    List<SeriesPoint> all =
        Histories.seeded(3).runs(10, 1000, false).runs(2, 1000, true).runs(5, 1000, false).points();
    assertEquals(-1, SeriesFindings.firstFreshAtEnd(all));
  }

  @Test
  void aStepDownInThroughputIsARegressionChangeLocatedAtItsFirstRun() {
    List<SeriesPoint> points =
        Histories.seeded(7).runs(20, 1000, false).runs(10, 900, true).points();
    List<Finding> found = SeriesFindings.of(Histories.SERIES, points, S);
    Finding change =
        found.stream().filter(f -> f.kind() == Alert.Kind.change).findFirst().orElseThrow();
    assertEquals("regression", change.direction());
    assertEquals("run-20", change.locatedRunId());
    Alert.Provenance p = change.provenance();
    assertEquals(-10, p.magnitudePct(), 1.0);
    assertTrue(p.ciLowPct() < p.magnitudePct() && p.magnitudePct() < p.ciHighPct(), p.toString());
    assertTrue(p.pValue() < 1e-4, p.toString());
    assertEquals("run-19", p.runsBefore().get(p.runsBefore().size() - 1));
    assertEquals("run-20", p.runsAfter().get(0));
  }

  @Test
  void aLatencyThatRisesIsARegressionToo() {
    SeriesKey latency = new SeriesKey("OLTP_RW", "latency_p95_ms", 8, "bed1");
    List<SeriesPoint> points = Histories.seeded(8).runs(20, 10, false).runs(10, 12, true).points();
    Finding change =
        SeriesFindings.of(latency, points, S).stream()
            .filter(f -> f.kind() == Alert.Kind.change)
            .findFirst()
            .orElseThrow();
    assertEquals("regression", change.direction());
  }

  @Test
  void aNewVersionIsComparedWithThePreviousReleaseOfTheSeries() {
    List<SeriesPoint> points =
        Histories.seeded(9)
            .version("12.2.2")
            .runs(4, 1000, false)
            .version("11.4.5") // older runs of an older release: not the baseline
            .runs(4, 1200, false)
            .version("12.3.1-MariaDB")
            .runs(4, 900, true)
            .points();
    Finding r =
        SeriesFindings.of(Histories.SERIES, points, S).stream()
            .filter(f -> f.kind() == Alert.Kind.regression)
            .findFirst()
            .orElseThrow();
    assertEquals("regression", r.direction());
    assertEquals("12.3.1 vs 12.2.2", r.summaryLabel());
    assertEquals("run-8", r.locatedRunId());
    assertEquals(-10, r.provenance().magnitudePct(), 1.0);
    assertTrue(r.provenance().differences().contains("version 12.2.2 -> 12.3.1-MariaDB"));
  }

  @Test
  void aVersionSeenBeforeIsNotComparedAgain() {
    List<SeriesPoint> points =
        Histories.seeded(10)
            .version("12.2.2")
            .runs(4, 1000, false)
            .version("12.3.1")
            .runs(4, 900, false)
            .runs(1, 900, true)
            .points();
    assertTrue(
        SeriesFindings.of(Histories.SERIES, points, S).stream()
            .noneMatch(f -> f.kind() == Alert.Kind.regression));
  }

  @Test
  void summaryLabelsNameTheVersionsCompared() {
    assertEquals("12.3.1 vs 12.2.2", SeriesFindings.label("12.3.1-MariaDB-log", "12.2.2"));
    assertEquals("12.3.1", SeriesFindings.label("12.3.1", "12.3.1-MariaDB"));
    assertEquals(
        "12.3.1 vs 12.2.2: 7 regressions in 5 tests, 2 improvements",
        AlertQueries.summaryText("12.3.1 vs 12.2.2", 7, 5, 2, 0));
  }
}
