package io.benchlake.changepoints;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A step that moves both of two modes at once (the mixture shifted, not changed). Where a step is
 * about as large as the distance between the modes, the runs after it fall on three levels with
 * those before (the lower mode, the upper one, and the upper one moved again), the residuals around
 * one level are no longer two clusters ({@link Modes} finds none), or the new level is taken for
 * "mostly the other mode" and the step moved back with it.
 *
 * <p>The model: each segment between changes has its own base level μ, and each run is on the base
 * mode or on the other, a distance g away (one g for the whole history): y = μ_segment + g·z +
 * noise, z ∈ {0, 1}, a switching regression (Quandt 1972) whose regime is drawn afresh at every
 * run, as the mixture of a Markov-switching model whose switching probabilities do not depend on
 * the state (Hamilton 1989), with a break in the intercept of both regimes at once. Its cost is the
 * classification likelihood of that mixture (Celeux and Govaert 1992's CEM, equal weights): each
 * run on the nearer of its segment's two levels, μ the mean of the runs brought onto the base mode.
 * A step is then a place where the two segments either side of it need a different μ for their two
 * modes together, found as the optimal split of one segment, and it is admitted only as the
 * detector admits any: the runs are brought onto one mode by their segments' labels and the history
 * analysed again, and the re-check must keep a change there.
 *
 * <p>Moving runs by labels the model chose lowers the noise the re-check sees, so that re-check is
 * no guard on its own; the labelling must show two modes: Ashman's D of the two labels' residuals
 * at least {@link Modes#SEPARATION} and the other mode at least {@link Modes#SMALLER_SHARE} of the
 * runs (and 3), as {@link Modes} asks; the other mode the smaller in every segment that has two
 * levels (else a level was relabelled, a fake step of g: 205 runs of heavy tails, a step of 2.8% at
 * z 42); both sides of the step on both of their levels (after a step both modes move, so both must
 * be seen either side of it); the labels drawn afresh at every run ({@link #persistent}); no
 * segment over which the detector reported a trend (levels with modes cut a short drift into a
 * step: DetectorTest.theLastRunsOfAShortDriftAreNotAStep, 21 changes in 200 drifts); and the split
 * must gain {@link #PRICE} times the partition's penalty per change, in the mode model's noise (its
 * labels are fitted too: at 1 times, histories of 10-15 runs of drift or noise passed).
 *
 * <p>bench/changes, seeds 20261205 / 1 / 42 / 99: recall 0.889 / 0.896 / 0.885 / 0.891 -> 0.897 /
 * 0.904 / 0.894 / 0.898, precision 0.959 / 0.967 / 0.963 / 0.971 -> 0.958 / 0.967 / 0.964 / 0.972
 * (the bimodal histories' counted steps found 83 / 74 / 108 / 69 -> 88 / 77 / 113 / 73); held-out
 * seeds 7 / 123: recall 0.890 / 0.919 -> 0.891 / 0.923, precision 0.957 / 0.979 -> 0.957 / 0.978;
 * the release mix unchanged (time order only: by release the runs of one build are one level).
 * Without the trend rule recall 0.900 / 0.904 / 0.895 / 0.900 but the short drifts above; without
 * the runs test and the two sides' two levels, at a price of 1, 0.903 / 0.905 / 0.901 / 0.903,
 * precision 0.958 / 0.963 / 0.961 / 0.966, held-out seed 7 0.957 -> 0.951.
 */
final class ModeShift {
  private ModeShift() {}

  /**
   * The runs test's z under which the modes are not drawn afresh at every run ({@link
   * #persistent}).
   */
  static final double RUNS_Z = -2;

  /** The split's gain over the segment whole, in the partition's penalties per change. */
  static final double PRICE = 1.25;

  /**
   * The longest segment searched: the search costs O(n²) per segment (about 10 ms at 1,000 runs, so
   * a second at 10,000); beyond this a step that moves both modes is left to the rest of the
   * detector.
   */
  static final int MOST_RUNS = 5_000;

  /**
   * The result of the history with a step that moves both modes added, when there is one: the
   * history with its runs on one mode (labelled around its changes and that step) analysed again,
   * when a change is kept within a minimum segment of the step; else empty.
   */
  static Optional<Detector.Result> added(SeriesAnalysis a, Detector.Result judged) {
    if (a.byRelease()) {
      return Optional.empty();
    }
    TreeSet<Integer> cuts =
        new TreeSet<>(judged.changes().stream().map(Detector.Change::index).toList());
    double gap = switchSize(a, cuts);
    if (!(gap > 0)) {
      return Optional.empty();
    }
    int step = -1;
    TreeSet<Integer> with = cuts;
    for (int round = 0; round < 2; round++) {
      step = bestSplit(a, cuts, judged.trends(), gap);
      if (step < 0) {
        return Optional.empty();
      }
      with = new TreeSet<>(cuts);
      with.add(step);
      gap = refitted(a, with, gap);
      if (!(gap > 0)) {
        return Optional.empty();
      }
    }
    Optional<double[]> offsets = offsets(a, with, step, gap);
    if (offsets.isEmpty()) {
      return Optional.empty();
    }
    double[] off = offsets.get();
    Detector.Result moved = a.less(i -> off[i]).result();
    int at = step;
    int reach = a.shortestSegment();
    boolean kept = moved.changes().stream().anyMatch(c -> Math.abs(c.index() - at) <= reach);
    return kept ? Optional.of(moved.withSeason(null, judged.outliers())) : Optional.empty();
  }

  /**
   * The distance between the modes, from the first differences within segments: a switch of mode is
   * a difference of about g, a run on the same mode as the last one a difference of noise; the mean
   * of the larger of the two clusters of |differences| (exact 1-D two-means, {@link
   * Modes#twoMeans}).
   */
  static double switchSize(SeriesAnalysis a, TreeSet<Integer> cuts) {
    int n = a.points();
    double[] d = new double[n];
    int k = 0;
    for (int i = 1; i < n; i++) {
      if (!cuts.contains(i)) {
        d[k++] = Math.abs(a.centred(i) - a.centred(i - 1));
      }
    }
    double[] sorted = Arrays.copyOf(d, k);
    Arrays.sort(sorted);
    double[][] sums = Modes.prefixSums(sorted);
    int split = Modes.twoMeans(sums[0], sums[1], 3);
    return split < 0 ? 0 : (sums[0][k] - sums[0][split]) / (k - split);
  }

  /**
   * The split of one segment between the cuts that gains most by the mode model; -1 if none pays.
   */
  private static int bestSplit(
      SeriesAnalysis a, TreeSet<Integer> cuts, List<Detector.Trend> trends, double gap) {
    int n = a.points();
    int m = a.shortestSegment();
    List<Integer> ends = ends(cuts, n);
    double total = 0;
    int lo = 0;
    for (int hi : ends) {
      total += cost(a, lo, hi, gap);
      lo = hi;
    }
    double noiseSq = total / n;
    if (!(noiseSq > 0)) {
      return -1;
    }
    int best = -1;
    double bestGain = PRICE * a.penalty() * noiseSq;
    lo = 0;
    for (int hi : ends) {
      int from = lo;
      int to = hi;
      if (trends.stream().anyMatch(t -> t.from() < to && t.to() > from)) {
        lo = hi;
        continue; // a line, which levels with modes would cut into a staircase
      }
      if (hi - lo > MOST_RUNS) {
        lo = hi;
        continue; // O(n²) below: the search is left out of very long segments
      }
      double whole = cost(a, lo, hi, gap);
      // both sides' runs kept sorted as the split moves: O(n) per place, not a sort of each side
      // (1,000 runs: the detector 250 -> 125 ms, bench/changes-time)
      ModeLabels.SortedRuns left = new ModeLabels.SortedRuns(hi - lo);
      ModeLabels.SortedRuns right = ModeLabels.SortedRuns.of(a, lo, hi);
      for (int c = lo + 1; c <= hi - m; c++) {
        left.add(a.centred(c - 1));
        right.remove(a.centred(c - 1));
        if (c < lo + m || !a.splits(lo, c, hi)) {
          continue;
        }
        double gain = whole - left.labels(gap).cost() - right.labels(gap).cost();
        if (gain > bestGain) {
          bestGain = gain;
          best = c;
        }
      }
      lo = hi;
    }
    return best;
  }

  /** The mode model's residual sum of squares of the runs [lo, hi): its best labelling. */
  private static double cost(SeriesAnalysis a, int lo, int hi, double gap) {
    return ModeLabels.of(a, lo, hi, gap).cost();
  }

  /**
   * The distance between the modes fitted again, by least squares, to the labels of the segments.
   */
  private static double refitted(SeriesAnalysis a, TreeSet<Integer> cuts, double gap) {
    double sxy = 0;
    double sxx = 0;
    int lo = 0;
    for (int hi : ends(cuts, a.points())) {
      ModeLabels l = ModeLabels.of(a, lo, hi, gap);
      int len = hi - lo;
      double zBar = (double) l.upper() / len;
      double yBar = 0;
      for (int i = lo; i < hi; i++) {
        yBar += a.centred(i) / len;
      }
      for (int i = lo; i < hi; i++) {
        double z = a.centred(i) >= l.threshold() ? 1 : 0;
        sxy += (z - zBar) * (a.centred(i) - yBar);
        sxx += (z - zBar) * (z - zBar);
      }
      lo = hi;
    }
    return sxx > 0 ? sxy / sxx : 0;
  }

  /**
   * What to take from each run to bring it onto the base mode, labelled around the cuts: the other
   * mode is the one with fewer runs over the whole history, and a segment whose runs are all on one
   * level is on the base mode; empty unless the two modes are clearly apart ({@link
   * Modes#SEPARATION}) and the other holds at least {@link Modes#SMALLER_SHARE} of the runs (and
   * 3).
   */
  private static Optional<double[]> offsets(
      SeriesAnalysis a, TreeSet<Integer> cuts, int step, double gap) {
    int n = a.points();
    List<Integer> ends = ends(cuts, n);
    List<ModeLabels> labels = new ArrayList<>();
    int lower = 0;
    int upper = 0;
    int lo = 0;
    for (int hi : ends) {
      ModeLabels l = ModeLabels.of(a, lo, hi, gap);
      labels.add(l);
      if (l.twoLevels(lo, hi)) {
        upper += l.upper();
        lower += hi - lo - l.upper();
      }
      lo = hi;
    }
    boolean otherIsUpper = upper <= lower;
    int others = Math.min(upper, lower);
    if (others < Math.max(3, Math.ceil(Modes.SMALLER_SHARE * n))) {
      return Optional.empty();
    }
    if (!bothModesEitherSide(labels, ends, step)) {
      return Optional.empty();
    }
    double[] offsets = new double[n];
    double[] base = new double[n];
    double[] other = new double[n];
    int bases = 0;
    int otherCount = 0;
    lo = 0;
    for (int s = 0; s < ends.size(); s++) {
      int hi = ends.get(s);
      ModeLabels l = labels.get(s);
      boolean twoLevels = l.twoLevels(lo, hi);
      int onOther = otherIsUpper ? l.upper() : hi - lo - l.upper();
      if (twoLevels && 2 * onOther > hi - lo) {
        return Optional.empty(); // the other mode the larger in a segment: a level, not a mode
      }
      // the residual from the segment's base level: the lower level, or the upper one where the
      // other mode is the lower (a residual from the lower level put the base runs of such a
      // segment at g and those of a one-level segment at 0, and D could never pass)
      double baseLevel = twoLevels && !otherIsUpper ? l.level() + gap : l.level();
      for (int i = lo; i < hi; i++) {
        boolean isUpper = a.centred(i) >= l.threshold();
        double r = a.centred(i) - baseLevel;
        if (twoLevels && isUpper == otherIsUpper) {
          offsets[i] = otherIsUpper ? gap : -gap;
          other[otherCount++] = r;
        } else {
          base[bases++] = r;
        }
      }
      lo = hi;
    }
    if (persistent(offsets)) {
      return Optional.empty();
    }
    double d =
        Modes.ashmanD(
            mean(other, otherCount),
            variance(other, otherCount),
            mean(base, bases),
            variance(base, bases));
    return d >= Modes.SEPARATION ? Optional.of(offsets) : Optional.empty();
  }

  /** Whether the segments either side of the step each hold runs on both of their levels. */
  private static boolean bothModesEitherSide(
      List<ModeLabels> labels, List<Integer> ends, int step) {
    int s = ends.indexOf(step);
    return s >= 0
        && s + 1 < labels.size()
        && labels.get(s).twoLevels(s == 0 ? 0 : ends.get(s - 1), step)
        && labels.get(s + 1).twoLevels(step, ends.get(s + 1));
  }

  /**
   * Whether the runs moved onto the base mode come in fewer unbroken stretches than runs drawn
   * afresh would give: the runs test of Wald and Wolfowitz (1940), one-sided at z &lt; {@link
   * #RUNS_Z}. A mode is drawn afresh at every run; a drift or a wander labelled as two modes puts
   * the later (or the higher) runs on the other mode together.
   */
  static boolean persistent(double[] offsets) {
    int n = offsets.length;
    int others = 0;
    int runs = 1;
    for (int i = 0; i < n; i++) {
      others += offsets[i] != 0 ? 1 : 0;
      if (i > 0 && (offsets[i] != 0) != (offsets[i - 1] != 0)) {
        runs++;
      }
    }
    double n1 = others;
    double n0 = n - others;
    double expected = 1 + 2 * n0 * n1 / n;
    double variance = 2 * n0 * n1 * (2 * n0 * n1 - n) / ((double) n * n * (n - 1));
    return variance > 0 && (runs - expected) / Math.sqrt(variance) < RUNS_Z;
  }

  private static double mean(double[] v, int k) {
    double mean = 0;
    for (int i = 0; i < k; i++) {
      mean += v[i] / k;
    }
    return mean;
  }

  private static double variance(double[] v, int k) {
    double mean = mean(v, k);
    double ss = 0;
    for (int i = 0; i < k; i++) {
      ss += (v[i] - mean) * (v[i] - mean);
    }
    return k > 0 ? ss / k : 0;
  }

  private static List<Integer> ends(TreeSet<Integer> cuts, int n) {
    List<Integer> ends = new ArrayList<>(cuts);
    ends.add(n);
    return ends;
  }
}
