package io.benchlake.changepoints;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a history's candidate changes come from: the optimal partition (Jackson et al. 2005) of its
 * first t runs into lines (a segment's line: {@link PrefixSums#rss}, outliers left out), for every
 * t, in units of σ², each change charged the penalty. cost[t] is the best penalised cost of the
 * first t runs and last[t] the start of that partition's last segment, so the partition of the
 * whole history is read back from its end, and an append recomputes only from its tail on ({@link
 * SeriesAnalysis}). By release the partition is {@link ReleaseSegments#partition}'s.
 */
final class CandidatePartition {
  private double[] cost = new double[17];
  private int[] last = new int[17];

  /** Room for the partitions of up to {@code runs} runs. */
  void grow(int runs) {
    if (runs + 1 > cost.length) {
      int c = Math.max(runs + 1, cost.length * 2);
      cost = Arrays.copyOf(cost, c);
      last = Arrays.copyOf(last, c);
    }
  }

  /**
   * The costs of the first t runs for t from {@code from} on (the earlier ones are unchanged) in
   * time order: segments of at least {@code minSegment} runs, the residuals in units of {@code
   * sigma} (none when it is 0: the history is then one segment), {@code penalty} per change.
   */
  void inTimeOrder(PrefixSums sums, int n, int from, int minSegment, double sigma, double penalty) {
    double scale = sigma > 0 ? 1 / (sigma * sigma) : 0;
    cost[0] = 0;
    for (int t = Math.max(1, from); t <= n; t++) {
      if (t < minSegment) {
        cost[t] = Double.POSITIVE_INFINITY;
        continue;
      }
      double best = sums.rss(0, t, true) * scale;
      int arg = 0;
      if (scale > 0) {
        for (int s = minSegment; s <= t - minSegment; s++) {
          double c = cost[s] + sums.rss(s, t, true) * scale + penalty;
          if (c < best) {
            best = c;
            arg = s;
          }
        }
      }
      cost[t] = best;
      last[t] = arg;
    }
  }

  /** The costs from {@code from} on of the history {@code a}, ordered by its releases. */
  void byRelease(SeriesAnalysis a, Releases releases, int from) {
    ReleaseSegments.partition(a, releases, from, cost, last);
  }

  /** The change points of the best partition of the first n runs, in order. */
  List<Integer> cuts(int n) {
    List<Integer> cuts = new ArrayList<>();
    for (int t = last[n]; t > 0; t = last[t]) {
      cuts.add(0, t);
    }
    return cuts;
  }
}
