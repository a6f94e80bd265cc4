package io.benchlake.changepoints;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The optimal partition of a segment into levels alone, each of at least the minimum segment, with
 * the detector's penalty per change and the residuals in units of a given noise (Jackson et al.
 * 2005): its change points, in order, its penalised cost, and how many segment costs the search
 * evaluated. Pruned as PELT prunes (Killick, Fearnhead and Eckley 2012), so exact: a start s whose
 * cost with its last segment up to t already exceeds the best cost at t can never again end the
 * best partition (a level's residual sum of squares is superadditive: one level over [s, t') costs
 * at least two over [s, t) and [t, t')). A line cut into a staircase, which is what it is asked of,
 * keeps changing level, so few starts stay and the search is about linear in the segment's length
 * where plain optimal partitioning is quadratic; a segment with no change prunes nothing.
 *
 * <p>In a history ordered by release a change may only be at a release's start and a segment is
 * whole releases with a counted run ({@link SeriesAnalysis#splits}): only release starts are
 * searched, and the argument holds there too, at the ends t that may end a segment: a start
 * dominated at t is dropped from the first end t' where [t, t') has a counted run (before it, t
 * cannot start the last segment). Unpruned, 1,000 releases of one run cost 500,000 segment costs
 * and split tests per line cut into levels (the largest share of `changes --by release` after the
 * re-check).
 */
record LevelPartition(List<Integer> cuts, double cost, long evaluations) {
  /**
   * The partition of [lo, hi) of the analysed history: the same change points and the same cost, to
   * the last bit, as optimal partitioning without pruning gives.
   */
  static LevelPartition of(SeriesAnalysis a, int lo, int hi, double noise) {
    int m = a.shortestSegment();
    Releases releases = a.releases();
    double penalty = a.penalty();
    int len = hi - lo;
    double scale = 1 / (noise * noise);
    double slack = roundingSlack(a, hi, scale, penalty);
    double[] cost = new double[len + 1];
    int[] last = new int[len + 1];
    // A start dominated at t can still end the best partition of [lo, t') for t' < t + m, where t
    // itself cannot (its last segment would be too short): it is dropped from t + m on.
    int[] droppedFrom = new int[len + 1];
    Arrays.fill(droppedFrom, Integer.MAX_VALUE);
    int[] starts = new int[len + 1]; // the starts still searched, in order
    double[] upTo = new double[len + 1]; // per start: its cost with its last segment up to t
    int searched = 0;
    long evaluations = 0;
    for (int t = 1; t <= len; t++) {
      cost[t] = Double.POSITIVE_INFINITY;
      if (t < m) {
        continue;
      }
      if (t - m >= m && (releases == null || releases.startsAt(lo + t - m))) {
        starts[searched++] = t - m; // by release, no other start splits [lo, hi)
      }
      if (!a.segment(lo, lo + t) || t < len && !a.splits(lo, lo + t, hi)) {
        continue; // no partition of [lo, hi) has a segment ending at t
      }
      cost[t] = a.fit(lo, lo + t, false).rss() * scale;
      evaluations++;
      int kept = 0;
      for (int i = 0; i < searched; i++) {
        int s = starts[i];
        if (droppedFrom[s] <= t) {
          continue;
        }
        starts[kept] = s;
        upTo[kept++] = Double.NaN; // never pruned
        if (!a.splits(lo, lo + s, lo + t)) {
          continue;
        }
        double withSegment = cost[s] + a.fit(lo + s, lo + t, false).rss() * scale;
        evaluations++;
        double c = withSegment + penalty;
        if (c < cost[t]) { // the first start of the least cost, as without pruning
          cost[t] = c;
          last[t] = s;
        }
        upTo[kept - 1] = withSegment;
      }
      searched = kept;
      int dominates = dominatesFrom(a, releases, lo, t, len);
      for (int i = 0; i < searched && dominates <= len; i++) {
        if (droppedFrom[starts[i]] == Integer.MAX_VALUE && upTo[i] > cost[t] + slack) {
          droppedFrom[starts[i]] = dominates;
        }
      }
    }
    List<Integer> cuts = new ArrayList<>();
    for (int t = last[len]; t > 0; t = last[t]) {
      cuts.add(0, lo + t);
    }
    return new LevelPartition(cuts, cost[len], evaluations);
  }

  /**
   * The first end from which t, an end of the partition of [lo, lo + t), can start the last segment
   * of every later partition, so dominates the starts worse than it; beyond {@code len} if none. In
   * time order t + m, unless every point of [t, t + m) is an outlier (a segment of no point costs
   * NaN, never the least): then never. By release the end after the first counted run from t on (a
   * segment is whole releases with a counted run, and only a release start or the end ends one).
   */
  private static int dominatesFrom(SeriesAnalysis a, Releases releases, int lo, int t, int len) {
    int m = a.shortestSegment();
    if (releases == null) {
      return t + m <= len && a.fit(lo + t, lo + t + m, false).points() > 0
          ? t + m
          : Integer.MAX_VALUE;
    }
    for (int i = lo + t; i < lo + len; i++) {
      if (!a.isOutlier(i)) {
        return i - lo + 1;
      }
    }
    return Integer.MAX_VALUE;
  }

  /**
   * More than the rounding errors the pruning argument could meet, so that a start is dropped only
   * when it is worse in the floating-point costs too. A segment's cost is a difference of prefix
   * sums over [0, hi) whose every term is at most the sum of the squared (centred) values, {@code
   * size}: each cost and each sum of two is off by a few ulps of that, and the superadditivity can
   * fail in the prefix sums only where a cost is clamped at 0, by their accumulated error (at most
   * about hi · 2⁻⁵² · size · (1 + 2√hi)). 10⁻¹² · hi · size covers both up to a million points; at
   * a thousand points it is 10⁻⁹ of the costs, far below the margins pruning turns on.
   */
  private static double roundingSlack(SeriesAnalysis a, int hi, double scale, double penalty) {
    Fit whole = a.fit(0, hi, false);
    double size = (whole.rss() + whole.points() * whole.mean() * whole.mean()) * scale;
    return 1e-12 * (hi + 16) * (size + Math.abs(penalty) * (hi + 1));
  }
}
