package io.benchlake.ingest.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;

/** An iteration settled from a bundle of samples and its finish event, as the aggregates do. */
class IterationAggregatorTest {
  private static final Instant T = IterationAggregationTest.T;
  private static final EventCodec CODEC = new EventCodec();

  /** A histogram of 100 latencies of {@code from} to {@code from + 99} ms, as loadgen sends. */
  private static String histogram(long fromMs) {
    Histogram h = new Histogram(3);
    for (long ms = fromMs; ms < fromMs + 100; ms++) {
      h.recordValue(ms * 1000); // microseconds
    }
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buf);
    return Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), length));
  }

  private static IterationPart finish(List<IterationValue> values) throws Exception {
    IterationFinished f =
        new IterationFinished(
            null, "f", "r", T, T, 8, 1, IterationFinished.Status.completed, 2.0, values, List.of());
    return new IterationPart("r", "8|1", new RawEvent("t", 0, 10, 0, CODEC.encode(f)));
  }

  private static Map<String, Double> settle(IterationPart... parts) throws Exception {
    Map<String, Double> values = new HashMap<>();
    Collector<GenericRecord> out =
        new Collector<>() {
          @Override
          public void collect(GenericRecord row) {
            values.put(row.get("metric").toString(), (Double) row.get("value"));
          }

          @Override
          public void close() {}
        };
    boolean open =
        IterationAggregator.settle(
            "r",
            "8|1",
            new ArrayList<>(List.of(parts)),
            null,
            IngestJob.Batch.first(1, T.plusSeconds(60)),
            CODEC,
            out);
    assertFalse(open);
    return values;
  }

  private static IterationPart bundle() {
    SampleBundle bundle = new SampleBundle("r", 8, 1);
    bundle.add(IterationAggregationTest.sample("s1", 1, 100, histogram(1)), 0, 1);
    bundle.add(IterationAggregationTest.sample("s2", 2, 100, histogram(101)), 0, 2);
    return bundle.toPart(true);
  }

  /** The rows an ingest writes of the iteration of {@link #bundle()} alone, ended by nothing. */
  private static List<GenericRecord> abandoned(IngestJob.Batch batch) throws Exception {
    List<GenericRecord> rows = new ArrayList<>();
    Collector<GenericRecord> out =
        new Collector<>() {
          @Override
          public void collect(GenericRecord row) {
            rows.add(row);
          }

          @Override
          public void close() {}
        };
    assertFalse(
        IterationAggregator.settle(
            "r", "8|1", new ArrayList<>(List.of(bundle())), null, batch, CODEC, out));
    return rows;
  }

  @Test
  void aDeadRunsIterationFirstReadWhenAlreadyAnHourOldIsWrittenAsARebuildWritesIt()
      throws Exception {
    // Its samples (offsets 1 and 2, emitted at T) arrive after an ingest that started at T + 2h
    // and read partition 0 up to offset 1: that ingest never saw them whole.
    Instant now = T.plus(java.time.Duration.ofHours(3));
    List<GenericRecord> rebuild = abandoned(IngestJob.Batch.first(1, now));
    List<GenericRecord> incremental =
        abandoned(
            new IngestJob.Batch(2, now, Map.of(0, 1L), T.plus(java.time.Duration.ofHours(2))));
    assertEquals(rebuild.size(), incremental.size());
    assertEquals(
        rebuild.stream().map(r -> r.get("metric") + "=" + r.get("value")).toList(),
        incremental.stream().map(r -> r.get("metric") + "=" + r.get("value")).toList());
    // The ingest before read it whole and found it silent already: it wrote it then.
    assertEquals(
        List.of(),
        abandoned(
            new IngestJob.Batch(2, now, Map.of(0, 3L), T.plus(java.time.Duration.ofHours(2)))));
  }

  @Test
  void latencyComesFromTheMergedHistogramsWhenTheSourceGaveNone() throws Exception {
    Map<String, Double> m =
        settle(bundle(), finish(List.of(new IterationValue("TPS", 100, "tx/s", "x"))));
    assertEquals(100.0, m.get("TPS"));
    assertEquals(100.0, m.get("latency_p50_ms"), 0.2); // 1..200 ms: the median is 100 ms
    assertEquals(198.0, m.get("latency_p99_ms"), 0.2); // the 198th of 200
    assertEquals(200.0, m.get("latency_max_ms"), 0.2);
  }

  @Test
  void latencyTheSourceGaveStandsAndNoHistogramIsRead() throws Exception {
    List<IterationValue> given = new ArrayList<>();
    for (String metric : IterationAggregation.HISTOGRAM_METRICS) {
      given.add(new IterationValue(metric, 7.5, "ms", "loadgen:histogram"));
    }
    Map<String, Double> m = settle(bundle(), finish(given));
    assertEquals(7.5, m.get("latency_p99_ms"));
    assertEquals(7.5, m.get("latency_avg_ms"));
    assertEquals(2.0, m.get("sample_count"));
  }

  @Test
  void aCellRunAgainIsValuedFromItsLastAttemptInWhateverOrderItsPartsArrive() throws Exception {
    // The first attempt died after 3 samples of 50 tx; the plan's rerun sent the cell anew.
    SampleBundle died = new SampleBundle("r", 8, 1);
    for (int s = 1; s <= 3; s++) {
      died.add(IterationAggregationTest.sample("a" + s, s, 50), 0, s);
    }
    SampleBundle rerun = new SampleBundle("r", 8, 1);
    rerun.add(IterationAggregationTest.sample("b1", 1, 100), 0, 4);
    rerun.add(IterationAggregationTest.sample("b2", 2, 100), 0, 5);
    IterationPart end = finish(List.of(new IterationValue("TPS", 100, "tx/s", "x")));
    for (List<IterationPart> order :
        List.of(
            List.of(died.toPart(true), rerun.toPart(true), end),
            List.of(end, rerun.toPart(true), died.toPart(true)))) {
      Map<String, Double> m = settle(order.toArray(IterationPart[]::new));
      assertEquals(2.0, m.get("sample_count"), order.toString());
      assertEquals(100.0, m.get("tps_interval_min"));
    }
  }

  @Test
  void theSameSamplesReadTwiceAreOneAttempt() throws Exception {
    SampleBundle once = new SampleBundle("r", 8, 1);
    SampleBundle again = new SampleBundle("r", 8, 1);
    for (int s = 1; s <= 3; s++) {
      once.add(IterationAggregationTest.sample("a" + s, s, 50 + s), 0, s);
      again.add(IterationAggregationTest.sample("a" + s, s, 50 + s), 0, 10 + s);
    }
    Map<String, Double> m =
        settle(
            once.toPart(true),
            again.toPart(true),
            finish(List.of(new IterationValue("TPS", 52, "tx/s", "x"))));
    assertEquals(3.0, m.get("sample_count"));
    assertEquals(51.0, m.get("tps_interval_min"));
  }
}
