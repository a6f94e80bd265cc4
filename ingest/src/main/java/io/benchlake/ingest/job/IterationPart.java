package io.benchlake.ingest.job;

import io.benchlake.schemas.Sample;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * A sample, iteration_finished or run_finished event on its way to its run's aggregate (a Flink
 * POJO), with where it was read so that an iteration still open at the end of a batch can be read
 * again, whole, by the next one. A sample travels as the few fields the aggregate needs, so that it
 * is parsed once, by the router; the finish events, rare, travel as their JSON.
 */
public class IterationPart {
  public String runId;

  /** threads|iteration; null for run_finished, which closes every iteration of its run. */
  public String iteration;

  public int partition;
  public long offset;

  /** The event's JSON, for iteration_finished and run_finished; null for a sample. */
  public byte[] json;

  // A sample's fields (DESIGN.md, what the Flink job aggregates).
  public String eventId;
  public long emittedAtMicros;
  public long startedAtMicros;
  public int threads;
  public int iterationNumber;
  public String phase;
  public double offsetS;
  public double intervalS;
  public Long transactions;
  public double tps;
  public double qps;
  public double errorsPs;
  public double reconnectsPs;
  public Double nopm;
  public Double tpm;

  /** The histogram's base64 text as bytes: Flink copies a byte array whole, a string by char. */
  public byte[] histogram;

  public IterationPart() {}

  /** A finish event: kept as its JSON. */
  public IterationPart(String runId, String iteration, RawEvent raw) {
    this.runId = runId;
    this.iteration = iteration;
    this.partition = raw.partition;
    this.offset = raw.offset;
    this.json = raw.value;
  }

  /** A sample: kept as the fields the aggregate reads. */
  public IterationPart(Sample s, RawEvent raw) {
    this.runId = s.runId();
    this.iteration = iterationOf(s.threads(), s.iteration());
    this.partition = raw.partition;
    this.offset = raw.offset;
    this.eventId = s.eventId();
    this.emittedAtMicros = Rows.micros(s.emittedAt());
    this.startedAtMicros = Rows.micros(s.startedAt());
    this.threads = s.threads();
    this.iterationNumber = s.iteration();
    this.phase = s.phase().name();
    this.offsetS = s.offsetS();
    this.intervalS = s.intervalS();
    this.transactions = s.transactions();
    this.tps = s.tps();
    this.qps = s.qps();
    this.errorsPs = s.errorsPs();
    this.reconnectsPs = s.reconnectsPs();
    this.nopm = s.nopm();
    this.tpm = s.tpm();
    this.histogram =
        s.histogram() == null ? null : s.histogram().getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Whether this part is a sample (else a finish event with its JSON). */
  public boolean isSample() {
    return json == null;
  }

  /** The sample again, with the fields the aggregate does not read left empty. */
  public Sample toSample() {
    return new Sample(
        null,
        eventId,
        runId,
        instant(emittedAtMicros),
        instant(startedAtMicros),
        threads,
        null,
        iterationNumber,
        offsetS,
        intervalS,
        Sample.Phase.valueOf(phase),
        transactions,
        tps,
        qps,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        errorsPs,
        reconnectsPs,
        nopm,
        tpm,
        histogram == null ? null : new String(histogram, StandardCharsets.ISO_8859_1),
        null,
        null);
  }

  private static Instant instant(long micros) {
    return Instant.EPOCH.plusNanos(micros * 1000);
  }

  public static String iterationOf(int threads, int iteration) {
    return threads + "|" + iteration;
  }
}
