package io.benchlake.changepoints;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Change-point detection as Apache Otava does it: E-divisive means proposes splits (with the energy
 * exponent 2 the divergence of two segments is their squared difference of means, weighted by
 * m·n/(m+n)), and Student's t-test between the segments on either side decides which are
 * significant. Splits are proposed by binary segmentation; then every accepted point is re-tested
 * between its neighbours and the weakest insignificant one dropped, until all pass. Pure and
 * deterministic: the same series always gives the same points.
 */
public final class ChangePoints {
  private static final TTest T_TEST = new TTest();

  /** A change at point {@code index} (the first point after it), with the segments' means. */
  public record Change(int index, double meanBefore, double meanAfter, double pValue) {
    public double changePct() {
      return meanBefore == 0 ? Double.NaN : (meanAfter - meanBefore) / meanBefore * 100;
    }
  }

  private ChangePoints() {}

  /**
   * The change points of a series of points, each point the iteration values of one run.
   *
   * @param alpha the largest p-value accepted (Otava's max_pvalue, 0.001 by default)
   * @param minSegment the fewest points on either side of a change
   */
  public static List<Change> detect(List<double[]> points, double alpha, int minSegment) {
    int n = points.size();
    double[] means = points.stream().mapToDouble(ChangePoints::mean).toArray();
    TreeSet<Integer> cuts = new TreeSet<>();
    split(points, means, 0, n, alpha, minSegment, cuts);
    // Re-test each cut between its neighbouring cuts; drop the weakest failure, repeat.
    while (true) {
      int weakest = -1;
      double worst = alpha;
      for (int cut : cuts) {
        Integer lo = cuts.lower(cut);
        Integer hi = cuts.higher(cut);
        double p = pValue(points, lo == null ? 0 : lo, cut, hi == null ? n : hi);
        if (p >= worst) {
          worst = p;
          weakest = cut;
        }
      }
      if (weakest < 0) {
        break;
      }
      cuts.remove(weakest);
    }
    List<Change> out = new ArrayList<>();
    for (int cut : cuts) {
      Integer lo = cuts.lower(cut);
      Integer hi = cuts.higher(cut);
      int a = lo == null ? 0 : lo;
      int b = hi == null ? n : hi;
      out.add(new Change(cut, mean(means, a, cut), mean(means, cut, b), pValue(points, a, cut, b)));
    }
    return out;
  }

  private static void split(
      List<double[]> points,
      double[] means,
      int a,
      int b,
      double alpha,
      int minSegment,
      TreeSet<Integer> cuts) {
    if (b - a < 2 * minSegment) {
      return;
    }
    int best = -1;
    double bestQ = -1;
    double total = 0;
    for (int i = a; i < b; i++) {
      total += means[i];
    }
    double left = 0;
    for (int t = a + 1; t < b; t++) {
      left += means[t - 1];
      int m = t - a;
      int k = b - t;
      if (m < minSegment || k < minSegment) {
        continue;
      }
      double diff = left / m - (total - left) / k;
      double q = (double) m * k / (m + k) * diff * diff;
      if (q > bestQ) {
        bestQ = q;
        best = t;
      }
    }
    if (best < 0 || pValue(points, a, best, b) >= alpha) {
      return;
    }
    cuts.add(best);
    split(points, means, a, best, alpha, minSegment, cuts);
    split(points, means, best, b, alpha, minSegment, cuts);
  }

  /** Student's t-test (equal variances) between the iterations of [a, cut) and [cut, b). */
  static double pValue(List<double[]> points, int a, int cut, int b) {
    double[] x = values(points, a, cut);
    double[] y = values(points, cut, b);
    if (x.length < 2 || y.length < 2) {
      return 1;
    }
    double p = T_TEST.homoscedasticTTest(x, y);
    return Double.isNaN(p) ? (mean(x) == mean(y) ? 1 : 0) : p;
  }

  private static double[] values(List<double[]> points, int from, int to) {
    int size = 0;
    for (int i = from; i < to; i++) {
      size += points.get(i).length;
    }
    double[] out = new double[size];
    int at = 0;
    for (int i = from; i < to; i++) {
      double[] p = points.get(i);
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  private static double mean(double[] xs) {
    double s = 0;
    for (double x : xs) {
      s += x;
    }
    return xs.length == 0 ? Double.NaN : s / xs.length;
  }

  private static double mean(double[] means, int from, int to) {
    double s = 0;
    for (int i = from; i < to; i++) {
      s += means[i];
    }
    return s / (to - from);
  }
}
