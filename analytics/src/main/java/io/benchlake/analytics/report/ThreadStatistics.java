package io.benchlake.analytics.report;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The statistics of one dataset at one thread count (docs/architecture.md, Statistics): the
 * iteration values with their iteration numbers (an excluded iteration leaves a gap, never a
 * shift), and, where a source report's printed statistics stand ({@code fromSource}), each as
 * printed: statistic → decimals → value. {@code sourceSetAside}: printed statistics exist but an
 * excluded iteration set them aside, so these were computed from the iterations.
 */
public record ThreadStatistics(
    int n,
    double mean,
    double max,
    double min,
    double stddev,
    Double cov,
    double median,
    double p95,
    double p99,
    double skewness,
    List<Double> iterations,
    List<Integer> iterationNumbers,
    Map<String, Map<Integer, Double>> printed,
    boolean fromSource,
    boolean sourceSetAside) {

  public ThreadStatistics {
    iterations = List.copyOf(iterations);
    iterationNumbers = List.copyOf(iterationNumbers);
    printed = Map.copyOf(printed);
    if (iterations.size() != iterationNumbers.size()) {
      throw new IllegalArgumentException("one iteration number per iteration value");
    }
  }

  /** Statistics computed from iterations numbered 1..n, with nothing printed by a source. */
  public ThreadStatistics(
      int n,
      double mean,
      double max,
      double min,
      double stddev,
      Double cov,
      double median,
      double p95,
      double p99,
      double skewness,
      List<Double> iterations) {
    this(
        n,
        mean,
        max,
        min,
        stddev,
        cov,
        median,
        p95,
        p99,
        skewness,
        iterations,
        IntStream.rangeClosed(1, iterations.size()).boxed().toList(),
        Map.of(),
        false,
        false);
  }

  /**
   * A statistic at {@code decimals}: as the source printed it at those decimals where it did, so a
   * re-rendered report shows the source's own cells; else {@code value} rounded.
   */
  public String cell(String statistic, double value, int decimals) {
    Double asPrinted = printed.getOrDefault(statistic, Map.of()).get(decimals);
    return ReportTables.number(asPrinted != null ? asPrinted : value, decimals);
  }

  /** Whether every statistic is a finite number (a sum of values near a double's limit is not). */
  public boolean finite() {
    return java.util.stream.DoubleStream.of(mean, max, min, stddev, median, p95, p99, skewness)
            .allMatch(Double::isFinite)
        && (cov == null || Double.isFinite(cov))
        && iterations.stream().allMatch(Double::isFinite);
  }

  /**
   * The value of iteration {@code number}, or null where this run has none (or it was excluded).
   */
  public Double iteration(int number) {
    int at = iterationNumbers.indexOf(number);
    return at < 0 ? null : iterations.get(at);
  }

  /** The highest iteration number with a value, 0 when none. */
  public int lastIteration() {
    return iterationNumbers.stream().mapToInt(Integer::intValue).max().orElse(0);
  }
}
