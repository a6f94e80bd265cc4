package io.benchlake.ingest.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.schemas.Sample;
import io.benchlake.schemas.TestEvents;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SampleBundleTest {
  private static final Instant T = Instant.parse("2026-03-01T10:00:00.123456Z");

  private static Sample sample(int i) {
    boolean odd = i % 2 == 1;
    return TestEvents.sample()
        .eventId("ev-" + i + "-ünïcode")
        .runId("r")
        .emittedAt(T.plusSeconds(i).plusNanos(789)) // below a microsecond: dropped, as in the rows
        .startedAt(T)
        .threads(16)
        .liveThreads(15)
        .iteration(2)
        .offsetS(i * 0.5)
        .intervalS(0.5)
        .phase(i < 2 ? Sample.Phase.warmup : Sample.Phase.measured)
        .transactions(odd ? (long) i * 10 : null)
        .tps(i * 1.25)
        .qps(i * 20.5)
        .readsPs(1.0)
        .writesPs(2.0)
        .otherPs(3.0)
        .latencyAvgMs(4.0)
        .latencyPct(95.0)
        .latencyPctMs(9.0)
        .latencyMaxMs(12.0)
        .errorsPs(i * 0.1)
        .reconnectsPs(i == 3 ? 1.0 : 0.0)
        .nopm(odd ? null : i * 100.0)
        .tpm(odd ? i * 230.0 : null)
        .histogram(i % 3 == 0 ? null : "HISTFAAAAB94nJNpmSzMwMDAxAABzFCaEUoz2X-AsQHx1gVM")
        .build();
  }

  @Test
  void aBundleGivesBackEverySampleWithWhereItWasRead() {
    SampleBundle bundle = new SampleBundle("r", 16, 2);
    List<IntervalFigures> expected = new ArrayList<>();
    for (int i = 0; i < 40; i++) { // more than the first arrays hold
      Sample s = sample(i);
      bundle.add(s, i % 3, 1000L + i);
      expected.add(IntervalFigures.of(s));
    }
    IterationPart part = bundle.toPart(true);
    assertTrue(part.isSample());
    assertEquals("r", part.runId);
    assertEquals("16|2", part.iteration);
    assertEquals(expected, part.figures(true));
    List<IntervalFigures> withoutHistograms = part.figures(false);
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i).eventId(), withoutHistograms.get(i).eventId());
      assertEquals(expected.get(i).tpm(), withoutHistograms.get(i).tpm());
      assertEquals(null, withoutHistograms.get(i).histogram());
    }
    // below a microsecond: dropped, as in the rows
    assertEquals(Rows.micros(T.plusSeconds(3)), expected.get(3).emittedMicros());
    assertEquals(40, part.offsets.length);
    assertEquals(1039L, part.offsets[39]);
    assertEquals(0, part.partitions[39]);
    assertEquals(Rows.micros(T.plusSeconds(39)), part.newestEmittedMicros);
    List<String> positions = new ArrayList<>();
    part.forEachPosition((p, o) -> positions.add(p + "@" + o));
    assertEquals("0@1000", positions.get(0));
    assertEquals("2@1002", positions.get(2));
    assertEquals(40, positions.size());
  }

  @Test
  void aBundleSentWithoutHistogramsGivesEverythingElse() {
    SampleBundle bundle = new SampleBundle("r", 4, 1);
    for (int i = 0; i < 5; i++) {
      bundle.add(sample(i), 0, i);
    }
    IterationPart with = bundle.toPart(true);
    IterationPart without = bundle.toPart(false);
    assertEquals(null, without.histograms);
    assertTrue(with.histograms.length > 0);
    List<IntervalFigures> all = with.figures(true);
    List<IntervalFigures> left = without.figures(true);
    for (int i = 0; i < all.size(); i++) {
      assertEquals(sample(i).histogram(), all.get(i).histogram());
      assertEquals(null, left.get(i).histogram());
      assertEquals(all.get(i).tps(), left.get(i).tps());
      assertEquals(all.get(i).eventId(), left.get(i).eventId());
    }
  }

  @Test
  void aFinishEventHasOnePosition() {
    IterationPart part = new IterationPart("r", null, new RawEvent("t", 3, 77, 0, "{}".getBytes()));
    List<long[]> positions = new ArrayList<>();
    part.forEachPosition((p, o) -> positions.add(new long[] {p, o}));
    assertEquals(1, positions.size());
    assertArrayEquals(new long[] {3, 77}, positions.get(0));
  }
}
