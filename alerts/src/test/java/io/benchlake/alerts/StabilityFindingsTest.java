package io.benchlake.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.schemas.Alert;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StabilityFindingsTest {
  private static final AlertSettings S = AlertSettings.DEFAULTS;
  private static final AlertIdentity.Evaluation AT =
      new AlertIdentity.Evaluation(9, Instant.parse("2026-12-07T03:00:00Z"), S);

  private static StabilityFindings.IterationIntervals steady(String run, int iteration) {
    return new StabilityFindings.IterationIntervals(
        Histories.SERIES, run, iteration, Histories.intervals(60, i -> 1000));
  }

  private static StabilityFindings.IterationIntervals stalled(String run, int iteration) {
    return new StabilityFindings.IterationIntervals(
        Histories.SERIES, run, iteration, Histories.intervals(60, i -> i == 30 ? 0 : 1000));
  }

  @Test
  void aRunWithAStalledIterationIsOneUnstableFindingAtTheRun() {
    List<SeriesPoint> points =
        Histories.seeded(1).runs(10, 1000, false).runs(2, 1000, true).points();
    List<StabilityFindings.IterationIntervals> its =
        List.of(steady("run-10", 1), stalled("run-10", 2), steady("run-11", 1));
    List<Finding> found = StabilityFindings.of(points, its, S);
    assertEquals(1, found.size(), found.toString());
    Finding f = found.get(0);
    assertEquals(Alert.Kind.unstable, f.kind());
    assertEquals("unstable", f.direction());
    assertEquals(10, f.index());
    assertEquals("run-10", f.locatedRunId());
    assertTrue(
        f.why().startsWith("iteration 2: 1 stall (intervals under 10% of the median"), f.why());
    assertEquals(S.unstableThresholds(), f.provenance().parameters());
    assertEquals(List.of("run-10"), f.provenance().runsAfter());
  }

  @Test
  void aRunWithTooFewIntervalsIsNotChecked() {
    List<SeriesPoint> points = Histories.seeded(2).runs(3, 1000, true).points();
    List<StabilityFindings.IterationIntervals> its =
        List.of(
            new StabilityFindings.IterationIntervals(
                Histories.SERIES, "run-2", 1, Histories.intervals(12, i -> i == 3 ? 0 : 1000)));
    assertEquals(List.of(), StabilityFindings.of(points, its, S));
  }

  @Test
  void unstableNeighboursAreTwoAlertsAndAnEvaluationAgainRaisesNothing() {
    List<SeriesPoint> points =
        Histories.seeded(3).runs(10, 1000, false).runs(2, 1000, true).points();
    List<Finding> found =
        StabilityFindings.of(points, List.of(stalled("run-10", 1), stalled("run-11", 1)), S);
    List<Alert> raised = AlertIdentity.reconcile(Histories.SERIES, points, found, List.of(), AT);
    assertEquals(2, raised.size(), raised.toString());
    assertNotEquals(raised.get(0).alertId(), raised.get(1).alertId());
    raised.forEach(a -> assertEquals("untriaged", a.initialState()));
    assertTrue(raised.get(0).why().contains("stall"), raised.get(0).why());

    List<KnownAlert> known = new ArrayList<>();
    raised.forEach(
        a ->
            known.add(
                new KnownAlert(
                    a.alertId(),
                    Histories.SERIES,
                    a.kind(),
                    a.direction(),
                    a.locatedRunId(),
                    Alert.Change.raised,
                    a.startedAt())));
    List<SeriesPoint> later = Histories.freshAfter(points, points.size());
    assertEquals(List.of(), AlertIdentity.reconcile(Histories.SERIES, later, found, known, AT));
  }
}
