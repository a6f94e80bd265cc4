package io.benchlake.analytics.stability;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The stability checks of one iteration's measured report intervals (pure): stalls (an interval
 * under a share of the iteration's median throughput), a warm-up that had not ended (a Mann-Kendall
 * trend over the first third with a large enough change across it) and the intervals' coefficient
 * of variation. Partial first and last intervals (shorter or longer than the source's own interval
 * length) are left out; fewer intervals than the minimum are not checked.
 */
public final class IterationStability {
  /** Intervals more than this share off the source's interval length are partial. */
  private static final double PARTIAL = 0.10;

  private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

  private IterationStability() {}

  /** One measured interval: its end (s since the iteration began), its length, its throughput. */
  public record Interval(double offsetS, double intervalS, double throughput) {}

  /**
   * What the checks found in one iteration: the intervals checked (0 when not checked), their
   * median and CoV, the stalls' ends, the warm-up trend's p-value and change over the first third
   * (in % of the median), and the problems in words (empty: stable).
   */
  public record Verdict(
      int iteration,
      int intervals,
      boolean checked,
      double median,
      double covPct,
      double lowest,
      List<Double> stallOffsets,
      Double warmupP,
      Double warmupChangePct,
      List<String> problems) {
    public Verdict {
      stallOffsets = List.copyOf(stallOffsets);
      problems = List.copyOf(problems);
    }

    public boolean unstable() {
      return checked && !problems.isEmpty();
    }
  }

  /** The checks over an iteration's measured intervals, in time order, at these thresholds. */
  public static Verdict check(int iteration, List<Interval> measured, StabilityThresholds s) {
    List<Interval> kept = withoutPartialEnds(measured);
    int n = kept.size();
    if (n < s.minIntervals()) {
      return new Verdict(
          iteration,
          n,
          false,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          List.of(),
          null,
          null,
          List.of());
    }
    double[] x = kept.stream().mapToDouble(Interval::throughput).toArray();
    double median = median(x);
    double mean = Arrays.stream(x).average().orElse(0);
    double sd = Math.sqrt(Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / n);
    double cov = mean > 0 ? sd / mean : Double.POSITIVE_INFINITY;
    List<String> problems = new ArrayList<>();
    List<Double> stalls = new ArrayList<>();
    for (Interval in : kept) {
      if (in.throughput() < s.stallShare() * median) {
        stalls.add(in.offsetS());
      }
    }
    if (!stalls.isEmpty()) {
      problems.add(
          String.format(
              Locale.ROOT,
              "%d stall%s (intervals under %s%% of the median %.1f) ending at %s",
              stalls.size(),
              stalls.size() == 1 ? "" : "s",
              fmt(s.stallShare() * 100),
              median,
              offsets(stalls)));
    }
    double[] first = Arrays.copyOf(x, n / 3);
    double p = mannKendallP(first);
    double changePct = median > 0 ? senSlope(first) * (first.length - 1) / median * 100 : 0;
    if (p < s.warmupAlpha() && Math.abs(changePct) >= s.warmupChange() * 100) {
      problems.add(
          String.format(
              Locale.ROOT,
              "warm-up not ended: the first %d intervals trend %+.1f%% (Mann-Kendall p = %.2g)",
              first.length,
              changePct,
              p));
    }
    if (cov > s.maxCov()) {
      problems.add(
          String.format(
              Locale.ROOT,
              "interval CoV %.1f%% over %s%% (%d intervals)",
              cov * 100,
              fmt(s.maxCov() * 100),
              n));
    }
    double lowest = Arrays.stream(x).min().orElse(Double.NaN);
    return new Verdict(
        iteration, n, true, median, cov * 100, lowest, stalls, p, changePct, problems);
  }

  /**
   * The intervals without a first or last one whose length is off the source's interval length
   * (their median length) by more than 10%: a partial interval at a start or an end.
   */
  static List<Interval> withoutPartialEnds(List<Interval> measured) {
    if (measured.size() < 3) {
      return measured;
    }
    double length = median(measured.stream().mapToDouble(Interval::intervalS).toArray());
    int from = 0;
    int to = measured.size();
    if (partial(measured.get(0), length)) {
      from++;
    }
    if (partial(measured.get(to - 1), length)) {
      to--;
    }
    return measured.subList(from, to);
  }

  private static boolean partial(Interval in, double length) {
    return Math.abs(in.intervalS() - length) > PARTIAL * length;
  }

  /**
   * The two-sided p-value of the Mann-Kendall trend test (normal approximation with the ties'
   * correction of the variance, and a continuity correction of 1); 1 when there is no variance.
   */
  static double mannKendallP(double[] x) {
    int n = x.length;
    long s = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        s += Double.compare(x[j], x[i]) > 0 ? 1 : Double.compare(x[j], x[i]) < 0 ? -1 : 0;
      }
    }
    double var = n * (n - 1.0) * (2 * n + 5);
    double[] sorted = x.clone();
    Arrays.sort(sorted);
    for (int i = 0; i < n; ) {
      int j = i;
      while (j < n && sorted[j] == sorted[i]) {
        j++;
      }
      long t = j - i;
      var -= t * (t - 1.0) * (2 * t + 5);
      i = j;
    }
    var /= 18;
    if (var <= 0 || s == 0) {
      return 1;
    }
    double z = (s - Math.signum(s)) / Math.sqrt(var);
    return 2 * (1 - NORMAL.cumulativeProbability(Math.abs(z)));
  }

  /** The Theil-Sen slope: the median of the slopes between every pair of intervals. */
  static double senSlope(double[] x) {
    int n = x.length;
    if (n < 2) {
      return 0;
    }
    double[] slopes = new double[n * (n - 1) / 2];
    int k = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        slopes[k++] = (x[j] - x[i]) / (j - i);
      }
    }
    return median(slopes);
  }

  static double median(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    return n == 0 ? Double.NaN : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  private static String offsets(List<Double> at) {
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < Math.min(5, at.size()); i++) {
      shown.add(fmt(at.get(i)) + " s");
    }
    return String.join(", ", shown) + (at.size() > 5 ? ", …" : "");
  }

  static String fmt(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.3g", v);
  }
}
