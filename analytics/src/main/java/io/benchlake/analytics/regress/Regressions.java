package io.benchlake.analytics.regress;

import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Flags a regression when p < alpha AND |change| >= threshold in the bad direction
 * (docs/architecture.md, Statistics); with one iteration on a side only the threshold applies, and
 * the verdict says so.
 *
 * <p>The noise is the run-to-run noise, as in {@code benchlake changes}: where both datasets have
 * several runs, Welch's t-test compares their run means; the iterations of one run share a server
 * start and a data layout, so pooling them makes every difference between runs look significant.
 * With one run on a side only the iterations of the latest runs are there to compare, and the
 * verdict's note says that their spread understates the noise.
 */
public final class Regressions {
  static final String ITERATIONS_ONLY =
      "one run on a side: compared by iterations, whose spread understates the run-to-run noise";

  private Regressions() {}

  /** One dataset's side: the mean of each of its runs, and the iterations of its latest run. */
  public record Side(double[] runMeans, double[] latestIterations) {}

  /** By run means where both sides have several runs, else by the latest runs' iterations. */
  public static Verdict judge(
      String test,
      int threads,
      String metric,
      Side baseline,
      Side candidate,
      double threshold,
      double alpha) {
    if (baseline.runMeans().length >= 2 && candidate.runMeans().length >= 2) {
      Verdict v =
          judge(test, threads, metric, baseline.runMeans(), candidate.runMeans(), threshold, alpha);
      String runs =
          "run means of "
              + baseline.runMeans().length
              + " and "
              + candidate.runMeans().length
              + " runs";
      return v.withNote(v.note().isEmpty() ? runs : runs + "; " + v.note());
    }
    Verdict v =
        judge(
            test,
            threads,
            metric,
            baseline.latestIterations(),
            candidate.latestIterations(),
            threshold,
            alpha);
    return v.withNote(v.note().isEmpty() ? ITERATIONS_ONLY : ITERATIONS_ONLY + "; " + v.note());
  }

  /** Whether more of a metric is better: throughput yes; latencies, times and errors no. */
  public static boolean higherIsBetter(String metric) {
    String m = metric.toLowerCase(Locale.ROOT);
    return !(m.contains("latency")
        || m.endsWith("_ms")
        || m.matches(".*_(min|avg|max|p\\d+|sd|total|ratio)$")
        || m.contains("error")
        || m.contains("reconnect"));
  }

  public static Verdict judge(
      String test,
      int threads,
      String metric,
      double[] baseline,
      double[] candidate,
      double threshold,
      double alpha) {
    double b = mean(baseline);
    double c = mean(candidate);
    double change = b == 0 ? 0 : (c - b) / Math.abs(b);
    Double p = null;
    String note = "";
    if (baseline.length < 2 || candidate.length < 2) {
      note = "one iteration on a side: threshold only, no significance test";
    } else if (variance(baseline) == 0 && variance(candidate) == 0) {
      p = b == c ? 1.0 : 0.0;
      note = "no variation within either side";
    } else {
      p = new TTest().tTest(baseline, candidate); // Welch: unequal variances, two-sided
    }
    boolean significant = p == null || p < alpha;
    boolean large = Math.abs(change) >= threshold;
    boolean better = higherIsBetter(metric) ? change > 0 : change < 0;
    Verdict.Kind kind =
        significant && large
            ? (better ? Verdict.Kind.improvement : Verdict.Kind.regression)
            : Verdict.Kind.no_change;
    return new Verdict(
        test, threads, metric, baseline.length, b, candidate.length, c, change, p, kind, note);
  }

  private static double mean(double[] xs) {
    return Arrays.stream(xs).average().orElse(Double.NaN);
  }

  private static double variance(double[] xs) {
    double m = mean(xs);
    return Arrays.stream(xs).map(x -> (x - m) * (x - m)).sum();
  }
}
