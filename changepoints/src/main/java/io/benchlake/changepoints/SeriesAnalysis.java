package io.benchlake.changepoints;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A history analysed by the default detector, kept so new runs can be added at its end: {@link
 * #append} recomputes only the tail (the last runs whose outlier test sees the new ones, and the
 * optimal-partition costs from there on), as Otava's {@code AnalyzedSeries.append} does, and gives
 * exactly the result of analysing the whole history again. Only when the new runs move the noise σ
 * to another step of its grid ({@link NoiseScale#quantized}), or the penalty per change (in time
 * order under 55 runs, {@link #penaltyOf}), is everything recomputed. A history ordered by release
 * is analysed with its {@link Releases} (each append gives those of the whole history): its changes
 * are at their starts only ({@link ReleaseSegments}).
 */
public final class SeriesAnalysis {
  /**
   * How many runs on each side the outlier test looks at. An append recomputes the outlier test of
   * the last REACH runs before the new ones ({@link #add}), whose sides the new runs reach: at
   * least 1, since the old last run is judged by {@link BadRuns#last} and is no longer last after
   * it.
   */
  static final int REACH = 3;

  private final Detector.Settings settings;
  private double[] means = new double[16];
  private double[] clean = new double[16]; // the means, outliers replaced by their neighbours'
  private boolean[] outlier = new boolean[16];
  private final CandidatePartition partition = new CandidatePartition();
  private final PrefixSums sums = new PrefixSums();
  private int n;
  private double sigma = -1;
  private double penalty = -1; // the partition's penalty per change ({@link #penalty})
  private LevelScale scale;
  private int recomputedFrom; // where the last append began recomputing (0: everything)
  private Detector.Result result;

  private final boolean deseasonalised;
  private final boolean byRelease;
  private Releases releases; // null in time order (and before the first append)

  private SeriesAnalysis(Detector.Settings settings, boolean deseasonalised, boolean byRelease) {
    this.settings = settings;
    this.deseasonalised = deseasonalised;
    this.byRelease = byRelease;
  }

  /** The analysis of a whole history, each point the iteration values of one run. */
  public static SeriesAnalysis of(List<double[]> points, Detector.Settings settings) {
    SeriesAnalysis a = new SeriesAnalysis(settings, false, false);
    a.append(points);
    return a;
  }

  /** The analysis of a whole history ordered by release, with its releases. */
  public static SeriesAnalysis of(
      List<double[]> points, Releases releases, Detector.Settings settings) {
    SeriesAnalysis a = new SeriesAnalysis(settings, false, true);
    a.append(points, releases);
    return a;
  }

  public Detector.Result result() {
    return result;
  }

  /** Adds runs at the end of a history in time order and returns the new result. */
  public Detector.Result append(List<double[]> points) {
    if (byRelease) {
      throw new IllegalArgumentException(
          "a history ordered by release needs the releases of its new runs");
    }
    return add(points);
  }

  /**
   * Adds runs at the end of a history ordered by release and returns the new result; {@code
   * releases} are those of the whole history with the new runs (the same starts before them: the
   * first new run may go on with the last release or start one).
   */
  public Detector.Result append(List<double[]> points, Releases releases) {
    int size = n + points.size();
    if (!byRelease) {
      throw new IllegalArgumentException("a history analysed in time order has no releases");
    }
    if (releases.start(releases.count() - 1) >= size
        || this.releases != null && !releases.extend(this.releases, n, size)) {
      throw new IllegalArgumentException(
          releases + " are not the releases of the " + size + " runs after " + this.releases);
    }
    this.releases = releases;
    return add(points);
  }

  private Detector.Result add(List<double[]> points) {
    int old = n;
    grow(n + points.size());
    for (double[] p : points) {
      if (p.length == 0) {
        throw new IllegalArgumentException("point " + (n + 1) + " has no value");
      }
      means[n++] = Arrays.stream(p).average().orElseThrow();
    }
    scale = LevelScale.of(means, n);
    // a floor far below any real noise, so runs that never vary still show their steps
    double floor = 1e-9 * (means[0] != 0 ? Math.abs(means[0]) : 1);
    double rough =
        releases == null
            ? NoiseScale.ofDifferences(means, n)
            : ReleaseSegments.noise(means, n, releases);
    double s = NoiseScale.quantized(Math.max(rough, floor));
    double p = penaltyOf(n);
    // every partition cost is in units of σ² and charges the penalty: a new σ or penalty moves all;
    // else the tail from REACH runs before the new ones: the runs whose right side the new runs
    // join, the old last run among them (its BadRuns.last test lapses once it is no longer last)
    int from = s == sigma && p == penalty ? Math.max(0, old - REACH) : 0;
    sigma = s;
    penalty = p;
    recomputedFrom = from;
    for (int i = from; i < n; i++) {
      clean[i] = cleaned(i);
    }
    sums.truncate(from);
    for (int i = from; i < n; i++) {
      sums.add(means[i] - means[0], !outlier[i]); // centred, against cancellation in y²
    }
    if (releases != null) {
      partition.byRelease(this, releases, from + 1);
    } else {
      partition.inTimeOrder(sums, n, from + 1, settings.minSegment(), sigma, penalty);
    }
    // the steps hidden in lines are looked for once the season is known (or there is none): cut
    // at them, a season's swings leave no pattern around the changes to be found
    result = Recheck.judge(this, candidates(), deseasonalised);
    if (!deseasonalised) {
      result = SeasonsAndModes.judge(this, result);
    }
    return result;
  }

  /**
   * The result with the steps hidden in the lines of the partition looked for ({@link HiddenStep}).
   */
  Detector.Result withHiddenSteps() {
    return Recheck.judge(this, candidates(), true);
  }

  /**
   * The analysis of the history less {@code less} of each run, analysed whole (a pattern found anew
   * changes every point, so nothing of the tail-only work would carry over), hidden steps and all.
   */
  SeriesAnalysis less(java.util.function.IntToDoubleFunction less) {
    List<double[]> adjusted = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      adjusted.add(new double[] {means[i] - less.applyAsDouble(i)});
    }
    SeriesAnalysis plain = new SeriesAnalysis(settings, true, byRelease);
    plain.releases = releases;
    plain.add(adjusted);
    return plain;
  }

  /**
   * The penalty per change of the partition of {@code runs} runs: in time order MBIC's 3 ln n
   * (Zhang and Siegmund 2007; R's changepoint charges (p + 2)·ln n per change of p parameters, 3 ln
   * n for a change in mean, in its penalty_decision), at most the penalty set (12 at the defaults,
   * chosen on bench/changes; 3 ln n reaches it at 55 runs). A fixed 12 asked a short history more
   * than MBIC does (6.9 at 10 runs, 9 at 20): a staircase of two 3.5σ steps in 18 runs was fitted
   * as one line. bench/changes, seeds 20261205 / 1 / 42 / 99: recall 0.859 / 0.874 / 0.860 / 0.857
   * -> 0.866 / 0.877 / 0.863 / 0.862, precision unchanged (0.963 / 0.971 / 0.971 / 0.975). Over the
   * penalty set it is not raised: 3 ln n is 20.7 at 1,000 runs, and the longer histories' recall is
   * where it is with 12. By release the penalty set (ReleaseSegments charges none; the levels
   * inside a segment charge it).
   */
  private double penaltyOf(int runs) {
    return releases == null
        ? Math.min(settings.penalty(), 3 * Math.log(Math.max(runs, 1)))
        : settings.penalty();
  }

  /** The penalty per change of the partition ({@link #penaltyOf}). */
  double penalty() {
    return penalty;
  }

  /** What a change from {@code level} is a percentage of ({@link LevelScale#base}). */
  double base(double level) {
    return scale.base(level);
  }

  /** The mean of run i, or its neighbours' when it is an outlier ({@link BadRuns}). */
  private double cleaned(int i) {
    OptionalDouble level =
        sigma > 0
            ? BadRuns.of(means, n, releases, i, settings.outlierSigmas() * sigma)
            : OptionalDouble.empty();
    outlier[i] = level.isPresent();
    return level.orElse(means[i]);
  }

  /** The change points of the best partition of the whole history, in order. */
  List<Integer> candidates() {
    return n < 2 * settings.minSegment() // as splits() says
        ? new ArrayList<>()
        : partition.cuts(n);
  }

  private void grow(int size) {
    if (size >= means.length) {
      int c = Math.max(size + 1, means.length * 2);
      means = Arrays.copyOf(means, c);
      clean = Arrays.copyOf(clean, c);
      outlier = Arrays.copyOf(outlier, c);
    }
    partition.grow(size);
  }

  int points() {
    return n;
  }

  /** The releases of a history ordered by release; null in time order. */
  Releases releases() {
    return releases;
  }

  /** Whether the history is ordered by release (its changes at release starts only). */
  boolean byRelease() {
    return byRelease;
  }

  /**
   * The fewest runs a segment may have: the minimum segment in time order; in a history ordered by
   * release, where a segment is whole releases, fewer ({@link ReleaseSegments#segment}).
   */
  int shortestSegment() {
    return releases == null ? settings.minSegment() : 1;
  }

  /** Whether the runs [from, to) may be one segment of a partition. */
  boolean segment(int from, int to) {
    return releases == null
        ? to - from >= settings.minSegment()
        : ReleaseSegments.segment(this, from, to);
  }

  /**
   * Whether a change at c may split [lo, hi): at a release's start, with a segment either side, in
   * a history of at least two minimum segments (by release too, where a segment may be shorter:
   * with fewer runs the noise has no estimate and a change of any size would pass).
   */
  boolean splits(int lo, int c, int hi) {
    return n >= 2 * settings.minSegment()
        && (releases == null || releases.startsAt(c))
        && segment(lo, c)
        && segment(c, hi);
  }

  /**
   * How many places in [lo, hi) a change could be put at ({@link #splits}), at least 1: what the
   * re-check's Bonferroni correction counts.
   */
  int positions(int lo, int hi) {
    return releases == null
        ? Math.max(1, hi - lo - 2 * settings.minSegment() + 1)
        : ReleaseSegments.positions(this, releases, lo, hi);
  }

  /**
   * Whether the runs [from, to) may be fitted as a line: in time order always, by release over at
   * least {@link ReleaseSegments#LINE_RELEASES} releases.
   */
  boolean mayBeLine(int from, int to) {
    return releases == null
        || releases.before(to) - releases.before(from + 1) + 1 >= ReleaseSegments.LINE_RELEASES;
  }

  /** The residual sum of squares of the line through the runs [from, to) (outliers left out). */
  double lineRss(int from, int to) {
    return sums.rss(from, to, true);
  }

  /** The first run whose outlier test and partition costs the last append recomputed. */
  int recomputedFrom() {
    return recomputedFrom;
  }

  double sigma() {
    return sigma;
  }

  Detector.Settings settings() {
    return settings;
  }

  double mean(int i) {
    return means[i];
  }

  boolean isOutlier(int i) {
    return outlier[i];
  }

  /** The mean of run i relative to the first run's (as the sums are). */
  double centred(int i) {
    return means[i] - means[0];
  }

  /** The level the neighbours of run i give it (its own mean unless it is an outlier). */
  double expected(int i) {
    return clean[i];
  }

  /**
   * The runs' levels ({@link #expected}: outliers replaced by their neighbours'), relative to the
   * first run's mean: what a season is looked for in.
   */
  double[] cleanCentred() {
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      y[i] = clean[i] - means[0];
    }
    return y;
  }

  double origin() {
    return means[0];
  }

  Fit fit(int from, int to, boolean linear) {
    return sums.fit(from, to, linear);
  }

  /** The line through the runs [from, to) whose level shifts at {@code split}; null if none. */
  BrokenLine brokenLine(int from, int split, int to) {
    return sums.brokenLine(from, split, to);
  }
}
