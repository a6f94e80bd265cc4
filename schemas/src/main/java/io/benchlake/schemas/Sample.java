package io.benchlake.schemas;

import java.time.Instant;

/**
 * One report interval of one iteration. Rates are per second of the interval; {@code offsetS} is
 * the end of the interval in seconds since the iteration began. {@code histogram} is the interval's
 * latency histogram (HdrHistogram, compressed, base64, microseconds) where known.
 */
public record Sample(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    int threads,
    Integer liveThreads,
    int iteration,
    double offsetS,
    double intervalS,
    Phase phase,
    Long transactions,
    double tps,
    double qps,
    Double readsPs,
    Double writesPs,
    Double otherPs,
    Double latencyAvgMs,
    Double latencyPct,
    Double latencyPctMs,
    Double latencyMaxMs,
    double errorsPs,
    double reconnectsPs,
    Double nopm,
    Double tpm,
    String histogram,
    CpuShare hostCpu,
    Double serverCpuPct)
    implements Event {

  /** Whether an interval counts toward the iteration's results. */
  public enum Phase {
    warmup,
    measured
  }

  public Sample {
    Event.requireText(eventId, "event_id");
    Event.requireText(runId, "run_id");
    Event.require(emittedAt, "emitted_at");
    Event.require(startedAt, "started_at");
    Event.require(phase, "phase");
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, was " + threads);
    }
    if (iteration < 1) {
      throw new IllegalArgumentException("iteration must be at least 1, was " + iteration);
    }
    schema = schema == null ? EventKind.SAMPLE.schemaId() : schema;
  }
}
