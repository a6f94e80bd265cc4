package io.benchlake.schemas;

import java.time.Instant;

/**
 * A sample for a test, set by name over the defaults of {@link TestEvents#sample()}: the envelope
 * and the interval's place as well as its figures, which the factory {@link EventEnvelope#sample}
 * sets for loadgen and the importers.
 */
public final class TestSample {
  private final Sample.Builder b = new Sample.Builder();

  TestSample(String eventId) {
    b.eventId = eventId;
    b.runId = TestEvents.RUN_ID;
    b.emittedAt = TestEvents.STARTED_AT;
    b.startedAt = TestEvents.STARTED_AT;
    b.threads = 1;
    b.iteration = 1;
    b.phase = Sample.Phase.measured;
    b.offsetS = 1.0;
    b.intervalS = 1.0;
  }

  public TestSample eventId(String eventId) {
    b.eventId = eventId;
    return this;
  }

  public TestSample runId(String runId) {
    b.runId = runId;
    return this;
  }

  public TestSample emittedAt(Instant emittedAt) {
    b.emittedAt = emittedAt;
    return this;
  }

  public TestSample startedAt(Instant startedAt) {
    b.startedAt = startedAt;
    return this;
  }

  public TestSample threads(int threads) {
    b.threads = threads;
    return this;
  }

  public TestSample iteration(int iteration) {
    b.iteration = iteration;
    return this;
  }

  /** The end of the interval, in seconds since the iteration began. */
  public TestSample offsetS(double offsetS) {
    b.offsetS = offsetS;
    return this;
  }

  public TestSample intervalS(double intervalS) {
    b.intervalS = intervalS;
    return this;
  }

  public TestSample phase(Sample.Phase phase) {
    b.phase = phase;
    return this;
  }

  public TestSample liveThreads(Integer liveThreads) {
    b.liveThreads(liveThreads);
    return this;
  }

  public TestSample transactions(Long transactions) {
    b.transactions(transactions);
    return this;
  }

  public TestSample tps(double tps) {
    b.tps(tps);
    return this;
  }

  public TestSample qps(double qps) {
    b.qps(qps);
    return this;
  }

  public TestSample readsPs(Double readsPs) {
    b.readsPs(readsPs);
    return this;
  }

  public TestSample writesPs(Double writesPs) {
    b.writesPs(writesPs);
    return this;
  }

  public TestSample otherPs(Double otherPs) {
    b.otherPs(otherPs);
    return this;
  }

  public TestSample latencyAvgMs(Double latencyAvgMs) {
    b.latencyAvgMs(latencyAvgMs);
    return this;
  }

  public TestSample latencyPct(Double latencyPct) {
    b.latencyPct(latencyPct);
    return this;
  }

  public TestSample latencyPctMs(Double latencyPctMs) {
    b.latencyPctMs(latencyPctMs);
    return this;
  }

  public TestSample latencyMaxMs(Double latencyMaxMs) {
    b.latencyMaxMs(latencyMaxMs);
    return this;
  }

  public TestSample errorsPs(double errorsPs) {
    b.errorsPs(errorsPs);
    return this;
  }

  public TestSample reconnectsPs(double reconnectsPs) {
    b.reconnectsPs(reconnectsPs);
    return this;
  }

  public TestSample nopm(Double nopm) {
    b.nopm(nopm);
    return this;
  }

  public TestSample tpm(Double tpm) {
    b.tpm(tpm);
    return this;
  }

  public TestSample histogram(String histogram) {
    b.histogram(histogram);
    return this;
  }

  public TestSample hostCpu(CpuShare hostCpu) {
    b.hostCpu(hostCpu);
    return this;
  }

  public TestSample serverCpuPct(Double serverCpuPct) {
    b.serverCpuPct(serverCpuPct);
    return this;
  }

  public Sample build() {
    return b.build();
  }
}
