package io.benchlake.ingest.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.Sample;
import io.benchlake.schemas.TestEvents;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class IterationAggregationTest {
  static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

  static IterationFinished finished(String id, Instant at, String metric, double value) {
    return new IterationFinished(
        null,
        id,
        "r",
        at,
        T,
        8,
        1,
        IterationFinished.Status.completed,
        null,
        List.of(new IterationValue(metric, value, "", "taf-report")),
        List.of());
  }

  static Sample sample(String id, double offset, long tx) {
    return sample(id, offset, tx, null);
  }

  /** A measured one-second sample of run r, 8 threads, iteration 1, with {@code histogram}. */
  static Sample sample(String id, double offset, long tx, String histogram) {
    return sample(id, offset, tx, histogram, Sample.Phase.measured);
  }

  static Sample sample(String id, double offset, long tx, String histogram, Sample.Phase phase) {
    return TestEvents.sample()
        .eventId(id)
        .runId("r")
        .emittedAt(T)
        .startedAt(T)
        .threads(8)
        .liveThreads(8)
        .offsetS(offset)
        .phase(phase)
        .transactions(tx)
        .tps(tx)
        .qps(tx * 20.0)
        .histogram(histogram)
        .build();
  }

  /** What the aggregate reads of {@link #sample(String, double, long)}. */
  static IntervalFigures figures(String id, double offset, long tx) {
    return IntervalFigures.of(sample(id, offset, tx));
  }

  static Map<String, IterationMetric> byMetric(List<IterationMetric> metrics) {
    return metrics.stream().collect(Collectors.toMap(IterationMetric::metric, m -> m));
  }

  @Test
  void valuesOfSeveralSourcesOfOneIterationMerge() {
    var m =
        byMetric(
            IterationAggregation.metrics(
                List.of(),
                List.of(finished("a", T, "NOPM", 100), finished("b", T.plusSeconds(1), "TPM", 230)),
                "x"));
    assertEquals(100, m.get("NOPM").value());
    assertEquals(230, m.get("TPM").value());
    assertEquals("a", m.get("NOPM").sourceEventId());
  }

  @Test
  void theNewerEventWinsForTheSameMetric() {
    var m =
        byMetric(
            IterationAggregation.metrics(
                List.of(),
                List.of(finished("new", T.plusSeconds(5), "TPS", 2), finished("old", T, "TPS", 1)),
                "x"));
    assertEquals(2, m.get("TPS").value());
  }

  @Test
  void withoutAFinishEventTpsComesFromExactSampleCountsAndIsMarkedComputed() {
    var m =
        byMetric(
            IterationAggregation.metrics(
                List.of(figures("s1", 1, 100), figures("s2", 2, 300), figures("s2", 2, 300)),
                List.of(),
                "samples:k"));
    assertEquals(200, m.get("TPS").value(), "a sample read twice counts once");
    assertTrue(m.get("TPS").computed());
    assertEquals(2, m.get("sample_count").value());
  }

  @Test
  void theSourcesValueBeatsTheComputedOne() {
    var m =
        byMetric(
            IterationAggregation.metrics(
                List.of(figures("s1", 1, 100)), List.of(finished("f", T, "TPS", 99.5)), "f"));
    assertEquals(99.5, m.get("TPS").value());
    assertFalse(m.get("TPS").computed());
    assertTrue(m.get("tps_interval_mean").computed());
  }

  @Test
  void anAttemptStartsWhereTheMeasuredSamplesClockGoesBack() {
    IntervalFigures warm = IntervalFigures.of(sample("w1", 1, 5, null, Sample.Phase.warmup));
    List<IntervalFigures> one =
        List.of(warm, figures("m1", 1, 10), figures("m2", 2, 10), figures("m1", 1, 10));
    assertEquals(one, IterationAggregation.lastAttempt(one), "warm-up and a re-read: one attempt");
    List<IntervalFigures> two =
        List.of(figures("a1", 1, 10), figures("a2", 2, 10), warm, figures("b1", 1, 20));
    assertEquals(List.of(figures("b1", 1, 20)), IterationAggregation.lastAttempt(two));
  }
}
