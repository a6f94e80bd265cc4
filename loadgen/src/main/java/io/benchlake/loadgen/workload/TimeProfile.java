package io.benchlake.loadgen.workload;

import io.benchlake.schemas.TransactionTiming;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One worker's time profile of the named operations it runs (TPROC-C's stored procedures), as
 * HammerDB's xtprof keeps it per virtual user: calls, total, min, max, the spread and a latency
 * histogram per operation, and the wall time from the worker's first profiled call. Only its own
 * worker thread records; it is read once the worker has stopped.
 */
public final class TimeProfile {
  private static final double NANOS_PER_MS = 1_000_000.0;

  private final Map<String, Operation> operations = new LinkedHashMap<>();
  private long firstNanos = -1;
  private long endNanos = -1;

  /** One call of {@code operation} that began at {@code startNanos} and took {@code tookNanos}. */
  public void record(String operation, long startNanos, long tookNanos) {
    if (firstNanos < 0) {
      firstNanos = startNanos;
    }
    operations.computeIfAbsent(operation, k -> new Operation()).add(Math.max(1, tookNanos));
  }

  /** Ends the profiled wall time, as HammerDB's VU does when it reports. */
  public void end(long nowNanos) {
    endNanos = nowNanos;
  }

  public boolean isEmpty() {
    return operations.isEmpty();
  }

  /** Wall time from the first profiled call to {@link #end}, in milliseconds. */
  public double elapsedMs() {
    return firstNanos < 0 || endNanos < firstNanos ? 0 : (endNanos - firstNanos) / NANOS_PER_MS;
  }

  /** This worker's rows (its 1-based virtual user number), by ratio as HammerDB orders them. */
  public List<TransactionTiming> timings(int vu) {
    double elapsed = elapsedMs();
    List<TransactionTiming> rows = new ArrayList<>();
    operations.forEach(
        (name, op) ->
            rows.add(op.timing(name, elapsed > 0 ? 100 * op.totalMs() / elapsed : 0, vu, elapsed)));
    rows.sort(Comparator.comparingDouble(TransactionTiming::ratioPct).reversed());
    return rows;
  }

  /**
   * The summary of several workers as HammerDB's "SUMMARY OF k ACTIVE VIRTUAL USERS": calls and
   * totals summed, min and max over all, percentiles over every call, and the ratio as the average
   * share of a worker's time: 100 × Σ total / median elapsed / k.
   */
  public static List<TransactionTiming> summary(List<TimeProfile> profiles) {
    List<TimeProfile> reporting = profiles.stream().filter(p -> !p.isEmpty()).toList();
    if (reporting.isEmpty()) {
      return List.of();
    }
    double medianElapsed = median(reporting.stream().map(TimeProfile::elapsedMs).toList());
    Map<String, Operation> merged = new LinkedHashMap<>();
    for (TimeProfile p : reporting) {
      p.operations.forEach(
          (name, op) -> merged.computeIfAbsent(name, k -> new Operation()).add(op));
    }
    int k = reporting.size();
    List<TransactionTiming> rows = new ArrayList<>();
    merged.forEach(
        (name, op) ->
            rows.add(
                op.timing(
                    name,
                    medianElapsed > 0 ? 100 * op.totalMs() / medianElapsed / k : 0,
                    null,
                    medianElapsed)));
    rows.sort(Comparator.comparingDouble(TransactionTiming::ratioPct).reversed());
    return rows;
  }

  private static double median(List<Double> xs) {
    List<Double> sorted = xs.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /** The figures of one operation; the histogram holds call times in microseconds. */
  private static final class Operation {
    final Histogram histogram = new Histogram(3);
    long calls;
    long totalNanos;
    long minNanos = Long.MAX_VALUE;
    long maxNanos;
    double sumSquaresMs;

    void add(long nanos) {
      calls++;
      totalNanos += nanos;
      minNanos = Math.min(minNanos, nanos);
      maxNanos = Math.max(maxNanos, nanos);
      double ms = nanos / NANOS_PER_MS;
      sumSquaresMs += ms * ms;
      histogram.recordValue(Math.max(1, nanos / 1000));
    }

    void add(Operation other) {
      calls += other.calls;
      totalNanos += other.totalNanos;
      minNanos = Math.min(minNanos, other.minNanos);
      maxNanos = Math.max(maxNanos, other.maxNanos);
      sumSquaresMs += other.sumSquaresMs;
      histogram.add(other.histogram);
    }

    double totalMs() {
      return totalNanos / NANOS_PER_MS;
    }

    /** The sample standard deviation in ms; 0 for two calls or fewer, as HammerDB prints it. */
    double sdMs() {
      if (calls <= 2) {
        return 0;
      }
      double mean = totalMs() / calls;
      return Math.sqrt(Math.max(0, (sumSquaresMs - calls * mean * mean) / (calls - 1)));
    }

    double percentileMs(double p) {
      return histogram.getValueAtPercentile(p) / 1000.0;
    }

    TransactionTiming timing(String name, double ratio, Integer vu, double elapsedMs) {
      return new TransactionTiming(
          name,
          calls,
          minNanos / NANOS_PER_MS,
          totalMs() / calls,
          maxNanos / NANOS_PER_MS,
          totalMs(),
          percentileMs(50),
          percentileMs(95),
          percentileMs(99),
          sdMs(),
          ratio,
          "ms",
          "ms",
          vu,
          elapsedMs,
          null, // p75, p25: xtprof's v6.0 figures, not profiled here
          null);
    }
  }
}
