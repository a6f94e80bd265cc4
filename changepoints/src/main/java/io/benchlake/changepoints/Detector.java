package io.benchlake.changepoints;

import java.util.List;
import java.util.Locale;

/**
 * The default change-point detector of {@code benchlake changes} ("segments"): steps in the level
 * of a history of runs, each with its evidence, told apart from a trend (reported as a slope), from
 * a bad run (an outlier) and from noise.
 *
 * <ol>
 *   <li>Each run counts as one point, its mean: the noise of a history is the run-to-run noise, not
 *       the spread of one run's iterations (which share a server start and a data layout).
 *   <li>The noise σ is the MAD of the first differences ({@link NoiseScale}), robust to the steps.
 *       Changes are in % of the level before them when every run is of one sign (a ratio scale),
 *       else in % of the history's median |run mean| (a level near 0 has no meaningful %).
 *   <li>A run far (more than {@code outlierSigmas}·σ) from the runs on both sides of it, which
 *       agree with each other, is an outlier: reported, and left out of the steps.
 *   <li>Candidate changes: the optimal partition of the series into least-squares lines (so a slow
 *       drift is one segment, not a staircase), minimising Σ RSS/σ² + {@code penalty} per change:
 *       optimal partitioning (Jackson et al. 2005) as PELT computes it (Killick et al. 2012), with
 *       the MBIC penalty of Zhang and Siegmund 2007, 3·ln n per change, at most {@code penalty}
 *       (which it reaches at 55 runs; {@link SeriesAnalysis#penalty}).
 *   <li>The weak-change re-check of Apache Otava (hunter's {@code analysis.py}: every change is
 *       re-tested between its neighbouring changes, the weakest failing one dropped, until all
 *       pass): a change stays when the levels on either side at the change differ with p &lt;
 *       {@code alpha} (a z-test with the noise of the two segments, at least σ and the residual
 *       spread pooled over all the candidate segments, widened for their lag-1 autocorrelation,
 *       Bonferroni over the positions searched) and by at least {@code minChange}.
 *   <li>A step the partition fitted as part of a line (free there, and hidden by a slope too weak
 *       for a trend) is looked for inside each segment and kept by the same test ({@link
 *       HiddenStep}); then the re-check runs again.
 * </ol>
 *
 * A history ordered by release may be given its {@link Releases} ({@code changes --by release}):
 * the runs of one release are one build, so changes are looked for at release starts only, a
 * segment is whole releases however few their runs, and σ is taken within releases ({@link
 * ReleaseSegments}).
 *
 * <p>Every number of the defaults was chosen on bench/changes, a fixed mix of labelled histories.
 */
public final class Detector {
  private Detector() {}

  /**
   * The parameters of the detector. The minimum segment, 3 runs, is a level's identifiability, not
   * the guard against short-lived noise: that guard is the re-check's test (the noise at least σ
   * and the pooled spread, Bonferroni over the positions searched, the minimum change), and the
   * outlier rule sets aside what 3 runs on each side do not share. PELT itself asks one point per
   * segment of a change in mean (Killick et al. 2012; the {@code minseglen} of R's changepoint is 1
   * there). A minimum of 5 runs could not place a change within 5 runs of another or of an end of
   * the history: a release measured 3 times, a change in the last 4 runs (the newest runs, the ones
   * an alert is for) were never reported. bench/changes, seeds 20261205 / 1 / 42 / 99, 5 -> 3 runs
   * (that change alone): release histories recall 0.773 / 0.758 / 0.781 / 0.734 -> 0.861 / 0.831 /
   * 0.856 / 0.801, precision 0.997 / 0.996 / 1.000 / 0.995 -> 0.997 / 0.998 / 0.999 / 0.993; the
   * main mix, whose steps are at least 5 runs apart, precision 0.953 / 0.955 / 0.970 / 0.956 ->
   * 0.951 / 0.955 / 0.969 / 0.960 and recall 0.841 / 0.865 / 0.842 / 0.840 -> 0.842 / 0.855 / 0.839
   * / 0.840; bench/changes-real mean F1 0.762 -> 0.770. (2 runs: release recall 0.86-0.88, but main
   * precision 0.950 on seed 99; 4 runs: release recall 0.823 on seed 20261205.)
   */
  public record Settings(
      double penalty, double alpha, double minChange, int minSegment, double outlierSigmas) {
    public static final Settings DEFAULTS = new Settings(12, 1e-4, 0.02, 3, 6);

    public Settings {
      if (!(alpha > 0 && alpha < 1)) {
        throw new IllegalArgumentException("alpha must be between 0 and 1, was " + alpha);
      }
      if (!(minChange >= 0)) {
        throw new IllegalArgumentException("the minimum change must be >= 0, was " + minChange);
      }
      if (minSegment < 2) {
        throw new IllegalArgumentException("a segment needs at least 2 points, was " + minSegment);
      }
    }

    public Settings withAlpha(double a) {
      return new Settings(penalty, a, minChange, minSegment, outlierSigmas);
    }

    public Settings withMinChange(double m) {
      return new Settings(penalty, alpha, m, minSegment, outlierSigmas);
    }

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "penalty min(3 ln n, %s) per change, alpha %s, min change %s%%, min segment %d, outliers"
              + " beyond %s sigma",
          trim(penalty),
          alpha,
          trim(minChange * 100),
          minSegment,
          trim(outlierSigmas));
    }

    /**
     * The settings as a history by release uses them: no penalty per change between releases (every
     * release start is a candidate and the re-check decides, {@link ReleaseSegments}); the penalty
     * set, not MBIC's, for the levels inside a segment ({@link LevelPartition}).
     */
    public String describeByRelease(int releases) {
      return String.format(
          Locale.ROOT,
          "no penalty between releases (%s per change within them), alpha %s, min change %s%%, min"
              + " segment %d, outliers beyond %s sigma, changes between releases only (%d"
              + " releases)",
          trim(penalty),
          alpha,
          trim(minChange * 100),
          minSegment,
          trim(outlierSigmas),
          releases);
    }

    private static String trim(double v) {
      return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
  }

  /**
   * A step at point {@code index} (the first point after it): the levels of the fits on either side
   * at the change, the change with its 95% confidence interval (in % of the level before), the t
   * statistic and its p-value, the points [from, to) of the two segments compared, the noise σ the
   * test used, and the test the change was kept by with the lag-1 autocorrelation it allowed for
   * (NaN where the test has none).
   */
  public record Change(
      int index,
      double levelBefore,
      double levelAfter,
      double changePct,
      double ciLowPct,
      double ciHighPct,
      double z,
      double pValue,
      int from,
      int to,
      double noise,
      Test test,
      double autocorrelation) {}

  /** The test a change was kept by, so its evidence shows the p-value it had to beat alpha with. */
  public enum Test {
    /** The re-check's z-test of the two segments between the neighbouring changes. */
    BETWEEN_CHANGES("between-changes", "z-test between the neighbouring changes"),
    /**
     * A step found inside a segment's line ({@link HiddenStep}): the same z-test with the lag-1
     * autocorrelation at least that of the whole history around its segments.
     */
    STEP_IN_SEGMENT(
        "step-in-segment",
        "z-test of a step inside a segment, autocorrelation at least the history's"),
    /**
     * A shift of the level of a trend ({@link StepInTrend}): the line's slope common to both sides,
     * Student's t against the line.
     */
    STEP_IN_TREND(
        "step-in-trend",
        "Student's t of a shift of a trend's level against the line, its slope common to both sides"),
    /** {@code --method otava}: Student's t over the pooled iterations of the two segments. */
    OTAVA_T("otava-t", "Student's t over the iterations of the two segments");

    private final String key;
    private final String description;

    Test(String key, String description) {
      this.key = key;
      this.description = description;
    }

    /** Its name in JSON. */
    public String key() {
      return key;
    }

    /** What it is, in words. */
    public String description() {
      return description;
    }
  }

  /** A run far from its neighbours: its value and the level the neighbours give. */
  public record Outlier(int index, double value, double expected) {
    public double deviationPct() {
      return expected == 0 ? Double.NaN : (value - expected) / Math.abs(expected) * 100;
    }
  }

  /**
   * A significant slope over the points [from, to): per point, in % of the level at {@code from}
   * per point, and its p-value.
   */
  public record Trend(int from, int to, double slope, double pctPerPoint, double pValue) {}

  /**
   * A repeating pattern: its length in points (a cycle need not last a whole number of runs), the
   * pattern (what each of its round(length) phases adds to the level; point i is in phase {@link
   * #phase}) and the p-value of the one-way ANOVA of the runs by phase.
   */
  public record Season(double period, double[] profile, double pValue) {
    public double amplitude() {
      return java.util.Arrays.stream(profile).max().orElse(0)
          - java.util.Arrays.stream(profile).min().orElse(0);
    }

    /** What the pattern adds to point i. */
    public double at(int i) {
      return profile[phase(i, period, profile.length)];
    }

    /** A cycle's length as said: "12" for a whole number of runs, else "13.85". */
    public static String length(double period) {
      return period == Math.rint(period)
          ? String.valueOf((long) period)
          : String.format(Locale.ROOT, "%.2f", period);
    }

    /** The phase of point i in a cycle of {@code length} points folded into {@code bins} phases. */
    static int phase(int i, double length, int bins) {
      return Math.min(bins - 1, (int) (i % length / length * bins));
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Season s
          && Double.compare(s.period, period) == 0
          && java.util.Arrays.equals(s.profile, profile)
          && Double.compare(s.pValue, pValue) == 0;
    }

    @Override
    public int hashCode() {
      return Double.hashCode(period) * 31 + java.util.Arrays.hashCode(profile);
    }
  }

  /**
   * What the detector found in a history of {@code points} points with noise σ {@code noise}; the
   * season is null when there is none (then the levels are of the history as it is, else of the
   * history with the pattern taken out).
   */
  public record Result(
      int points,
      double noise,
      Settings settings,
      List<Change> changes,
      List<Outlier> outliers,
      List<Trend> trends,
      Season season) {
    Result withSeason(Season s, List<Outlier> original) {
      return new Result(points, noise, settings, changes, original, trends, s);
    }
  }

  /** The detector over a whole history, each point the iteration values of one run. */
  public static Result detect(List<double[]> points, Settings settings) {
    return SeriesAnalysis.of(points, settings).result();
  }

  /**
   * The detector over a whole history ordered by release, with its releases: changes only where a
   * release starts ({@link ReleaseSegments}).
   */
  public static Result detect(List<double[]> points, Releases releases, Settings settings) {
    return SeriesAnalysis.of(points, releases, settings).result();
  }
}
