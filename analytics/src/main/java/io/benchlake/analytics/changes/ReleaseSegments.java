package io.benchlake.analytics.changes;

/**
 * The segments of a history ordered by release ({@link Releases}): changes only at the start of a
 * release, so a segment is whole releases.
 */
final class ReleaseSegments {
  private static final String RULE = System.getProperty("benchlake.releaseRule", "2");

  private ReleaseSegments() {}

  /** Whether the whole releases [from, to) may be one segment. */
  static boolean segment(SeriesAnalysis a, int from, int to) {
    int runs = a.fit(from, to, false).points();
    if (runs >= a.settings().minSegment()) {
      return true;
    }
    boolean end = from == 0 || to == a.points();
    return switch (RULE) {
      case "3" -> false;
      case "2" -> runs >= 2;
      case "2n1" -> runs >= 2 || runs >= 1 && to == a.points();
      case "2e1" -> runs >= 2 || runs >= 1 && end;
      case "1" -> runs >= 1;
      default -> throw new IllegalStateException(RULE);
    };
  }

  /** How many release starts c in (lo, hi) split it into two segments, at least 1. */
  static int positions(SeriesAnalysis a, Releases r, int lo, int hi) {
    int count = 0;
    for (int k = r.before(lo + 1); k < r.count() && r.start(k) < hi; k++) {
      int c = r.start(k);
      if (segment(a, lo, c) && segment(a, c, hi)) {
        count++;
      }
    }
    return Math.max(1, count);
  }

  /**
   * Optimal partitioning (as {@link SeriesAnalysis} does it in time order) with changes at release
   * starts only: cost[t] and last[t] for t each start from {@code from + 1} on and the history's
   * end (the others are never a segment's end).
   */
  static void partition(SeriesAnalysis a, Releases r, int from, double[] cost, int[] last) {
    int n = a.points();
    double sigma = a.sigma();
    double scale = sigma > 0 ? 1 / (sigma * sigma) : 0;
    double penalty = a.settings().penalty();
    cost[0] = 0;
    for (int k = r.before(from + 1); k <= r.count(); k++) {
      int t = k < r.count() ? r.start(k) : n;
      double best = segment(a, 0, t) ? a.lineRss(0, t) * scale : Double.POSITIVE_INFINITY;
      int arg = 0;
      for (int j = 1; j < k && scale > 0; j++) {
        int s = r.start(j);
        if (cost[s] < Double.POSITIVE_INFINITY && segment(a, s, t)) {
          double c = cost[s] + a.lineRss(s, t) * scale + penalty;
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
}
