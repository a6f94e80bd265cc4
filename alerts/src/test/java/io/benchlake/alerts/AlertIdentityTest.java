package io.benchlake.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.schemas.Alert;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AlertIdentityTest {
  private static final AlertSettings S = AlertSettings.DEFAULTS;
  private static final Instant NOW = Instant.parse("2026-12-07T03:00:00Z");
  private static final AlertIdentity.Evaluation AT = new AlertIdentity.Evaluation(7, NOW, S);

  private static List<Alert> evaluate(List<SeriesPoint> points, List<KnownAlert> known) {
    return AlertIdentity.reconcile(
        Histories.SERIES, points, SeriesFindings.of(Histories.SERIES, points, S), known, AT);
  }

  private static KnownAlert known(Alert raised) {
    return new KnownAlert(
        raised.alertId(),
        Histories.SERIES,
        raised.kind(),
        raised.direction(),
        raised.locatedRunId(),
        Alert.Change.raised,
        raised.startedAt());
  }

  private static List<Alert> changes(List<Alert> events) {
    return events.stream().filter(e -> e.kind() == Alert.Kind.change).toList();
  }

  @Test
  void aSeriesTheCommitBroughtWholeIsBackfill() {
    List<SeriesPoint> points =
        Histories.seeded(1).runs(20, 1000, true).runs(10, 900, true).points();
    Alert a = changes(evaluate(points, List.of())).get(0);
    assertEquals(Alert.Change.raised, a.change());
    assertEquals("backfill", a.initialState());
    assertEquals(7, a.evaluatedCommit());
    assertTrue(a.eventId().startsWith(a.alertId() + "/raised/c7/"), a.eventId());
  }

  @Test
  void aChangeTheNewRunsShowIsUntriaged() {
    List<SeriesPoint> points =
        Histories.seeded(2).runs(20, 1000, false).runs(3, 900, true).points();
    Alert a = changes(evaluate(points, List.of())).get(0);
    assertEquals("untriaged", a.initialState());
    assertEquals("run-20", a.locatedRunId());
  }

  @Test
  void anOldChangeFoundWithPointsFilledInBeforeTheEndIsBackfill() {
    List<SeriesPoint> all = Histories.seeded(3).runs(15, 1000, false).runs(15, 900, false).points();
    List<SeriesPoint> points = new java.util.ArrayList<>(all);
    for (int i = 14; i < 18; i++) { // the runs around the change came late
      SeriesPoint p = points.get(i);
      points.set(
          i, new SeriesPoint(p.runId(), p.startedAt(), p.version(), p.dataset(), p.values(), true));
    }
    assertEquals("backfill", changes(evaluate(points, List.of())).get(0).initialState());
  }

  @Test
  void theSameFindingAgainIsNoEventAndItsIdIsFixed() {
    List<SeriesPoint> points =
        Histories.seeded(4).runs(20, 1000, false).runs(4, 900, true).points();
    Alert first = changes(evaluate(points, List.of())).get(0);
    List<SeriesPoint> more =
        Histories.freshAfter(
            Histories.seeded(4).runs(20, 1000, false).runs(8, 900, false).points(), 24);
    assertEquals(List.of(), changes(evaluate(more, List.of(known(first)))));
  }

  @Test
  void aFindingWithinAFewRunsOfAnAlertMovesIt() {
    List<SeriesPoint> points =
        Histories.seeded(5).runs(22, 1000, false).runs(6, 900, true).points();
    Alert found = changes(evaluate(points, List.of())).get(0);
    KnownAlert earlier =
        new KnownAlert(
            "a0000000001",
            Histories.SERIES,
            Alert.Kind.change,
            "regression",
            "run-20",
            Alert.Change.raised,
            NOW.minusSeconds(3600));
    List<Alert> events = changes(evaluate(points, List.of(earlier)));
    assertEquals(1, events.size(), events.toString());
    Alert moved = events.get(0);
    assertEquals(Alert.Change.moved, moved.change());
    assertEquals("a0000000001", moved.alertId());
    assertEquals(found.locatedRunId(), moved.locatedRunId());
    assertEquals(earlier.raisedAt(), moved.startedAt());
  }

  @Test
  void anAlertNoFindingMatchesAnyMoreHasVanishedAndSaysWhy() {
    List<SeriesPoint> flat = Histories.seeded(6).runs(30, 1000, false).runs(2, 1000, true).points();
    KnownAlert earlier =
        new KnownAlert(
            "a0000000002",
            Histories.SERIES,
            Alert.Kind.change,
            "regression",
            "run-15",
            Alert.Change.raised,
            NOW.minusSeconds(3600));
    List<Alert> events = evaluate(flat, List.of(earlier));
    assertEquals(1, events.size(), events.toString());
    assertEquals(Alert.Change.vanished, events.get(0).change());
    assertTrue(events.get(0).why().startsWith("no longer significant"), events.get(0).why());
  }

  @Test
  void aRegressionAlertIsNotVanishedByALaterEvaluation() {
    List<SeriesPoint> flat = Histories.seeded(6).runs(30, 1000, false).runs(2, 1000, true).points();
    KnownAlert regression =
        new KnownAlert(
            "a0000000003",
            Histories.SERIES,
            Alert.Kind.regression,
            "regression",
            "run-15",
            Alert.Change.raised,
            NOW.minusSeconds(3600));
    assertEquals(List.of(), evaluate(flat, List.of(regression)));
  }

  @Test
  void findingsOfOneCommitAndVersionShareASummary() {
    assertEquals(
        AlertIdentity.summaryIdOf(7, "12.3.1 vs 12.2.2"),
        AlertIdentity.summaryIdOf(7, "12.3.1 vs 12.2.2"));
    assertTrue(
        !AlertIdentity.summaryIdOf(7, "12.3.1 vs 12.2.2")
            .equals(AlertIdentity.summaryIdOf(8, "12.3.1 vs 12.2.2")));
  }
}
