package io.benchlake.changepoints;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Runs on two modes (two query plans, two NUMA placements): a history whose residuals around its
 * segments fall into two clusters set clearly apart. A step moves both modes, and the switches
 * between them inflate every noise the re-check tests a step with (σ from the first differences,
 * the pooled spread), so a step of 3 run-to-run σ is under 1 of the detector's. Where the two
 * clusters are clearly apart, the runs of the smaller one are moved by the distance between them (a
 * mode as a covariate of the level, as a regression with a mode indicator fits it), and the steps
 * are looked for in that one-mode history.
 *
 * <p>Two clusters are the split of the sorted residuals that leaves the least sum of squares within
 * them (1-D two-means, exact: Fisher 1958's optimal grouping). They are modes when the smaller
 * holds at least {@link #SMALLER_SHARE} of the runs (and 3), and the clusters are apart by at least
 * {@link #SEPARATION} by Ashman's D, √2·|μ1 - μ2| / √(s1² + s2²) (Ashman, Bird and Zepf 1994: D
 * &gt; 2 is needed for a clean separation; one normal sample split at its best gives D ≈ 2.7). The
 * residuals count every run, those set aside as outliers too: a second mode's runs are often far
 * enough from their neighbours to be taken for bad runs one by one.
 *
 * <p>Measured on bench/changes, seeds 20261205 / 1 / 42 / 99: recall 0.852 / 0.868 / 0.850 / 0.853
 * -> 0.859 / 0.874 / 0.860 / 0.857, precision 0.961 / 0.967 / 0.969 / 0.971 -> 0.960 / 0.968 /
 * 0.969 / 0.973, mean F1 0.922 / 0.928 / 0.917 / 0.923 -> 0.923 / 0.932 / 0.920 / 0.926 (the
 * bimodal histories' counted steps found 75 / 66 / 101 / 64 -> 80 / 69 / 107 / 66); release
 * histories recall 0.861 -> 0.865 on seed 20261205, the rest unchanged; bench/changes-real
 * unchanged. The two clusters taken around the candidate partition instead (before the re-check)
 * cut the noise into modes: precision 0.917 / 0.945 / 0.933 / 0.948. What is left: a step about as
 * large as the distance between the modes, around a history with no change found yet, is itself
 * taken for the other mode (its runs moved back), and a step hidden by a history of few runs.
 */
final class Modes {
  /** The fewest runs, as a share of the history, on the smaller mode. */
  static final double SMALLER_SHARE = 0.1;

  /** Ashman's D the two clusters must reach. */
  static final double SEPARATION = 4;

  private Modes() {}

  /**
   * What to take from each run's mean to put it on the larger mode (0 for its runs), when the
   * residuals around the segments between the changes are two modes; else empty.
   */
  static Optional<double[]> offsets(SeriesAnalysis a, List<Integer> changes) {
    int n = a.points();
    double[] res = Seasonality.residuals(a, changes, true);
    double[] sorted = res.clone();
    Arrays.sort(sorted);
    double[][] sums = prefixSums(sorted);
    double[] sum = sums[0];
    double[] sq = sums[1];
    int split = twoMeans(sum, sq, Math.max(3, (int) Math.ceil(SMALLER_SHARE * n)));
    if (split < 0) {
      return Optional.empty();
    }
    double low = (sum[split]) / split;
    double high = (sum[n] - sum[split]) / (n - split);
    double lowVar = ss(sum, sq, 0, split) / split;
    double highVar = ss(sum, sq, split, n) / (n - split);
    if (!(ashmanD(low, lowVar, high, highVar) >= SEPARATION)) {
      return Optional.empty();
    }
    double threshold = (sorted[split - 1] + sorted[split]) / 2;
    boolean lowIsSmaller = split < n - split;
    double[] offsets = new double[n];
    for (int i = 0; i < n; i++) {
      boolean isLow = res[i] < threshold;
      if (isLow == lowIsSmaller) {
        offsets[i] = isLow ? low - high : high - low;
      }
    }
    return Optional.of(offsets);
  }

  /** Ashman's D of two clusters given their means and variances (see the class's comment). */
  static double ashmanD(double mean1, double var1, double mean2, double var2) {
    return Math.sqrt(2) * Math.abs(mean1 - mean2) / Math.sqrt(var1 + var2);
  }

  /**
   * Where sorted values split into two clusters with the least sum of squares within them, each of
   * at least {@code fewest} (exact 1-D two-means, Fisher 1958), given their prefix sums and sums of
   * squares; -1 when there are too few.
   */
  static int twoMeans(double[] sum, double[] sq, int fewest) {
    int n = sum.length - 1;
    int split = -1;
    double best = Double.POSITIVE_INFINITY;
    for (int k = fewest; k <= n - fewest; k++) {
      double within = ss(sum, sq, 0, k) + ss(sum, sq, k, n);
      if (within < best) {
        best = within;
        split = k;
      }
    }
    return split;
  }

  /** The prefix sums of {@code values} and of their squares: [0][k] and [1][k] over the first k. */
  static double[][] prefixSums(double[] values) {
    int n = values.length;
    double[][] sums = new double[2][n + 1];
    for (int i = 0; i < n; i++) {
      sums[0][i + 1] = sums[0][i] + values[i];
      sums[1][i + 1] = sums[1][i] + values[i] * values[i];
    }
    return sums;
  }

  /** The sum of squares about their mean of the sorted values [from, to). */
  private static double ss(double[] sum, double[] sq, int from, int to) {
    int k = to - from;
    double s = sum[to] - sum[from];
    return Math.max(0, sq[to] - sq[from] - s * s / k);
  }
}
