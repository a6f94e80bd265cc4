package io.benchlake.loadgen.run;

import io.benchlake.loadgen.workload.TimeProfile;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The totals of one iteration from exact counts: transactions and queries completed in the measured
 * window, its length, the merged latency histogram (microseconds), and the CPU seconds this process
 * spent over the iteration (the client's cost, compared against sysbench's in bench/), the
 * per-minute rates of the workload's server counters over the measured window (TPROC-C's NOPM and
 * TPM) and each worker's time profile.
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
    double clientCpuS,
    Map<String, Double> perMinute,
    List<TimeProfile> profiles,
    Optional<String> failure) {

  public double tps() {
    return transactions / measuredS;
  }

  public double qps() {
    return (reads + writes + other) / measuredS;
  }
}
