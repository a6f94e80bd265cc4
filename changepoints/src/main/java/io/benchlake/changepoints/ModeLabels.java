package io.benchlake.changepoints;

import java.util.Arrays;

/**
 * The best labelling of the runs of one segment by the mode model (gap g &gt; 0): the runs at or
 * above {@code threshold} on the upper of its two levels, {@code upper} of them, the lower level
 * {@code level}, and the residual sum of squares; found exactly over the splits of the sorted runs
 * (given μ, each run is on the nearer level, so the best labelling is such a split).
 */
record ModeLabels(double level, double threshold, int upper, double cost) {
  boolean twoLevels(int lo, int hi) {
    return upper > 0 && upper < hi - lo;
  }

  static ModeLabels of(SeriesAnalysis a, int lo, int hi, double gap) {
    return SortedRuns.of(a, lo, hi).labels(gap);
  }

  /** The labelling of the {@code len} sorted runs {@code v}, whose prefix sums are s1 and s2. */
  private static ModeLabels ofSorted(double[] v, int len, double[] s1, double[] s2, double gap) {
    double best = Double.POSITIVE_INFINITY;
    int bestK = len;
    for (int k = len; k >= 0; k--) { // the lower k runs on the lower level
      int up = len - k;
      double sum = s1[len] - gap * up;
      double sq = s2[len] - 2 * gap * (s1[len] - s1[k]) + gap * gap * up;
      double rss = Math.max(0, sq - sum * sum / len);
      if (rss < best) {
        best = rss;
        bestK = k;
      }
    }
    double level = (s1[len] - gap * (len - bestK)) / len;
    double threshold = bestK < len ? v[bestK] : Double.POSITIVE_INFINITY;
    return new ModeLabels(level, threshold, len - bestK, best);
  }

  /**
   * The runs of a stretch of the history in ascending order, to which a run can be added or from
   * which one can be taken, and their labelling by the mode model ({@link ModeLabels}).
   */
  static final class SortedRuns {
    private final double[] v;
    private final double[] s1;
    private final double[] s2;
    private int size;

    SortedRuns(int capacity) {
      v = new double[capacity];
      s1 = new double[capacity + 1];
      s2 = new double[capacity + 1];
    }

    static SortedRuns of(SeriesAnalysis a, int lo, int hi) {
      SortedRuns runs = new SortedRuns(hi - lo);
      for (int i = lo; i < hi; i++) {
        runs.v[i - lo] = a.centred(i);
      }
      runs.size = hi - lo;
      Arrays.sort(runs.v);
      return runs;
    }

    void add(double x) {
      int at = Arrays.binarySearch(v, 0, size, x);
      at = at < 0 ? -at - 1 : at;
      System.arraycopy(v, at, v, at + 1, size - at);
      v[at] = x;
      size++;
    }

    void remove(double x) {
      int at = Arrays.binarySearch(v, 0, size, x);
      assert at >= 0 : x;
      System.arraycopy(v, at + 1, v, at, size - at - 1);
      size--;
    }

    /**
     * The best labelling of these runs ({@link ModeLabels}), prefix sums as {@link
     * Modes#prefixSums}.
     */
    ModeLabels labels(double gap) {
      for (int i = 0; i < size; i++) {
        s1[i + 1] = s1[i] + v[i];
        s2[i + 1] = s2[i] + v[i] * v[i];
      }
      return ModeLabels.ofSorted(v, size, s1, s2, gap);
    }
  }
}
