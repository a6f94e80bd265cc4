package io.benchlake.changepoints;

import java.util.Arrays;

/**
 * The run-to-run noise of a history, estimated robustly: the median absolute deviation of the first
 * differences of the run means, scaled to a standard deviation (1.4826·MAD/√2). A step changes one
 * difference and a bad run two, so neither inflates it, unlike the standard deviation of the series
 * (Fryzlewicz 2014, "Wild binary segmentation", and the changepoint literature since use the same
 * estimate). Iterations inside one run do not enter: they share a server start and a data layout,
 * and their spread understates the noise between runs.
 */
public final class NoiseScale {
  /** The noise moves in steps of 2^(1/4) (19%), so one new point rarely changes it. */
  private static final double STEPS_PER_DOUBLING = 4;

  private NoiseScale() {}

  /** σ of the first {@code n} values, 0 with fewer than 3. */
  public static double ofDifferences(double[] values, int n) {
    if (n < 3) {
      return 0;
    }
    double[] d = new double[n - 1];
    for (int i = 1; i < n; i++) {
      d[i - 1] = values[i] - values[i - 1];
    }
    double m = median(d);
    for (int i = 0; i < d.length; i++) {
      d[i] = Math.abs(d[i] - m);
    }
    return 1.4826 * median(d) / Math.sqrt(2);
  }

  /**
   * σ rounded to its step on a geometric grid: a change found in a history stays found, with the
   * same evidence, when a run is added whose noise is like the others' (and appends recompute only
   * the tail while the step stays). A σ of 0 (runs that never vary) is kept as 0.
   */
  public static double quantized(double sigma) {
    if (!(sigma > 0)) {
      return 0;
    }
    double step = Math.rint(Math.log(sigma) / Math.log(2) * STEPS_PER_DOUBLING);
    return Math.pow(2, step / STEPS_PER_DOUBLING);
  }

  static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    int k = s.length;
    return k % 2 == 1 ? s[k / 2] : (s[k / 2 - 1] + s[k / 2]) / 2;
  }
}
