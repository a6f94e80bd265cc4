package io.benchlake.loadgen.run;

import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The totals of one iteration from exact counts: transactions and queries completed in the measured
 * window, its length, and the merged latency histogram (microseconds).
 */
public record IterationResult(
    int threads,
    int iteration,
    long transactions,
    long reads,
    long writes,
    long other,
    long errors,
    long reconnects,
    double measuredS,
    Histogram latencyUs,
    List<Long> eventsPerThread,
    List<Double> busySecondsPerThread,
    Optional<String> failure) {

  public double tps() {
    return transactions / measuredS;
  }

  public double qps() {
    return (reads + writes + other) / measuredS;
  }
}
