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

  @Override
  public EventKind eventKind() {
    return EventKind.SAMPLE;
  }

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

  /**
   * A sample set field by field: {@link EventEnvelope#sample} gives one with the envelope and the
   * interval's place, its figures are set by name (those not set are absent: null, the required
   * rates 0); {@link SampleReader} fills one as it reads.
   */
  public static final class Builder {
    String eventId;
    String runId;
    Instant emittedAt;
    Instant startedAt;
    int threads;
    Integer liveThreads;
    int iteration;
    double offsetS;
    double intervalS;
    Phase phase;
    Long transactions;
    double tps;
    double qps;
    Double readsPs;
    Double writesPs;
    Double otherPs;
    Double latencyAvgMs;
    Double latencyPct;
    Double latencyPctMs;
    Double latencyMaxMs;
    double errorsPs;
    double reconnectsPs;
    Double nopm;
    Double tpm;
    String histogram;
    CpuShare hostCpu;
    Double serverCpuPct;

    Builder() {}

    public Builder liveThreads(Integer liveThreads) {
      this.liveThreads = liveThreads;
      return this;
    }

    public Builder transactions(Long transactions) {
      this.transactions = transactions;
      return this;
    }

    public Builder tps(double tps) {
      this.tps = tps;
      return this;
    }

    public Builder qps(double qps) {
      this.qps = qps;
      return this;
    }

    public Builder readsPs(Double readsPs) {
      this.readsPs = readsPs;
      return this;
    }

    public Builder writesPs(Double writesPs) {
      this.writesPs = writesPs;
      return this;
    }

    public Builder otherPs(Double otherPs) {
      this.otherPs = otherPs;
      return this;
    }

    public Builder latencyAvgMs(Double latencyAvgMs) {
      this.latencyAvgMs = latencyAvgMs;
      return this;
    }

    public Builder latencyPct(Double latencyPct) {
      this.latencyPct = latencyPct;
      return this;
    }

    public Builder latencyPctMs(Double latencyPctMs) {
      this.latencyPctMs = latencyPctMs;
      return this;
    }

    public Builder latencyMaxMs(Double latencyMaxMs) {
      this.latencyMaxMs = latencyMaxMs;
      return this;
    }

    public Builder errorsPs(double errorsPs) {
      this.errorsPs = errorsPs;
      return this;
    }

    public Builder reconnectsPs(double reconnectsPs) {
      this.reconnectsPs = reconnectsPs;
      return this;
    }

    public Builder nopm(Double nopm) {
      this.nopm = nopm;
      return this;
    }

    public Builder tpm(Double tpm) {
      this.tpm = tpm;
      return this;
    }

    public Builder histogram(String histogram) {
      this.histogram = histogram;
      return this;
    }

    public Builder hostCpu(CpuShare hostCpu) {
      this.hostCpu = hostCpu;
      return this;
    }

    public Builder serverCpuPct(Double serverCpuPct) {
      this.serverCpuPct = serverCpuPct;
      return this;
    }

    public Sample build() {
      return new Sample(
          null,
          eventId,
          runId,
          emittedAt,
          startedAt,
          threads,
          liveThreads,
          iteration,
          offsetS,
          intervalS,
          phase,
          transactions,
          tps,
          qps,
          readsPs,
          writesPs,
          otherPs,
          latencyAvgMs,
          latencyPct,
          latencyPctMs,
          latencyMaxMs,
          errorsPs,
          reconnectsPs,
          nopm,
          tpm,
          histogram,
          hostCpu,
          serverCpuPct);
    }
  }
}
