package io.benchlake.loadgen.run;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What the workers did over one report interval. Latencies in microseconds; {@code perMinute}: the
 * rates of the workload's server counters over the interval (NOPM, TPM), empty without any.
 */
public record IntervalReport(
    int threads,
    int liveThreads,
    double offsetS,
    double intervalS,
    boolean warmup,
    long transactions,
    long reads,
    long writes,
    long other,
    long errors,
    long reconnects,
    Histogram latencyUs,
    Map<String, Double> perMinute) {

  public double tps() {
    return transactions / intervalS;
  }

  public double qps() {
    return (reads + writes + other) / intervalS;
  }

  public double perSecond(long count) {
    return count / intervalS;
  }

  /**
   * The latency at a percentile in milliseconds; 0 where nothing was recorded, and for percentile
   * 0, sysbench's "off", where its interval lines print {@code lat (ms,0%): 0.00}.
   */
  public double latencyMs(double percentile) {
    return latencyUs.getTotalCount() == 0 || percentile == 0
        ? 0
        : latencyUs.getValueAtPercentile(percentile) / 1000.0;
  }
}
