package io.benchlake.changepoints;

import java.util.Collection;
import java.util.Optional;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * When a segment of runs is a line rather than a level, and what a step must gain to beat a line: a
 * slope is fitted where the segment is long enough and kept where it is clearly not zero; it is
 * reported as a trend where it is also significant and large enough; and a step beats a line by
 * leaving at least {@link #stepGain} noise² less of its residual sum of squares (a staircase, and a
 * step next to a short level, {@link #LINE_GAIN}, as a line beats a level).
 */
final class Lines {
  /** The fewest points of a segment whose slope is fitted; shorter segments are levels. */
  static final int TREND_POINTS = 6;

  /** |slope / standard error| above which a segment is a line rather than a level. */
  static final double SLOPE_T = 3;

  /**
   * The {@link #gain} by which a line beats a level ({@link #SLOPE_T}²: its one more parameter
   * clearly not zero); by release, also what a step's two levels must gain over a line ({@link
   * #stepGain}).
   */
  static final double LINE_GAIN = SLOPE_T * SLOPE_T;

  private Lines() {}

  /**
   * A level, or a line where the segment is long enough (by release, over enough releases: {@link
   * SeriesAnalysis#mayBeLine}) and its slope clearly not zero.
   */
  static Fit segment(SeriesAnalysis a, int from, int to) {
    Fit level = a.fit(from, to, false);
    if (level.points() < TREND_POINTS || !a.mayBeLine(from, to)) {
      return level;
    }
    Fit line = a.fit(from, to, true);
    return slopeT(a, line) >= SLOPE_T ? line : level;
  }

  /** The {@link #segment} fits of [lo, hi) cut at the cuts (in order, all inside it). */
  static Fit[] segments(SeriesAnalysis a, int lo, Collection<Integer> cuts, int hi) {
    Fit[] fits = new Fit[cuts.size() + 1];
    int k = 0;
    int from = lo;
    for (int to : cuts) {
      fits[k++] = segment(a, from, to);
      from = to;
    }
    fits[k] = segment(a, from, hi);
    return fits;
  }

  /**
   * The trend of the segment [from, to): its line where long enough, its slope clearly not zero,
   * significant at the detector's alpha and drifting at least the minimum change over the segment.
   */
  static Optional<Detector.Trend> trend(SeriesAnalysis a, int from, int to) {
    Fit line = a.fit(from, to, true);
    if (line.points() < TREND_POINTS) {
      return Optional.empty();
    }
    double t = slopeT(a, line);
    double p = 2 * new TDistribution(null, line.points() - 2).cumulativeProbability(-t);
    double start = a.base(line.at(from) + a.origin());
    double drift = Math.abs(line.slope() * (line.points() - 1));
    if (t < SLOPE_T || p >= a.settings().alpha() || drift < a.settings().minChange() * start) {
      return Optional.empty();
    }
    return Optional.of(
        new Detector.Trend(from, to, line.slope(), LevelScale.percent(line.slope(), start), p));
  }

  /**
   * What fits in place of a line gain over it, in units of noise²: the line's residual sum of
   * squares less theirs, each subtracted in turn.
   */
  static double gain(double noise, double lineRss, double... fitsRss) {
    double left = lineRss;
    for (double rss : fitsRss) {
      left -= rss;
    }
    return left / (noise * noise);
  }

  /**
   * What the two levels either side of c must gain over the line through the runs [lo, hi), a
   * segment between changes whose slope is clearly not zero, in units of noise². In time order,
   * where both levels have the runs for a slope of their own ({@link #TREND_POINTS}), ln of the
   * runs: Schwarz's BIC (1978) for the one parameter more the step has. The two models are not
   * nested, a step is not a line with one parameter more: each has two (a level and a slope; two
   * levels) and the step one more, where it is, searched for; BIC's price of a parameter is ln n in
   * units of σ² (−2 ln L of normal noise is RSS/σ²). The changepoint literature counts a change's
   * place so: R's changepoint charges BIC (p + 1)·ln n per change of p parameters, "the changepoint
   * counted as a parameter" (its penalty_decision), as skchange's BIC penalty does. {@link
   * #LINE_GAIN}, the price of a line over a level, asked a step in the middle of a segment a z of
   * 6: its two levels leave about z²/4 noise² less than the line through them (a line takes three
   * quarters of a centred step's variance), and the line through a 4σ step between two 6-run levels
   * is a significant line.
   *
   * <p>{@link #LINE_GAIN} stays: next to a shorter level, as {@link #shortSideBeatsLine} asks (that
   * level's mean says nothing of its slope, and the last runs of a drift pass for a step with less:
   * DetectorTest.theLastRunsOfAShortDriftAreNotAStep, 16 changes in 200 drifting histories with ln
   * n there, 4 with 3²); where the line is the whole history, whose noise floors are taken around
   * the step's own two levels ({@link NoiseFloor#aroundStep}), so nothing outside the step checks
   * its noise (with ln n there, 20 runs of noise alone with σ estimated 20% low passed for a step,
   * DetectorTest.shortNoisyHistoriesReportNothing, and a drift of 0.4σ a run for one at z 8,
   * HiddenStepTest.aDriftOverAWholeShortHistoryIsNoStepInsideIt); and by release, where a segment
   * is whole releases and this was not measured. bench/changes, seeds 20261205 / 1 / 42 / 99, with
   * the MBIC penalty ({@link SeriesAnalysis#penalty}): recall 0.866 / 0.877 / 0.863 / 0.862 ->
   * 0.870 / 0.883 / 0.865 / 0.868, precision 0.963 / 0.971 / 0.971 / 0.975 -> 0.961 / 0.967 / 0.968
   * / 0.972 (ln n in the whole history too: recall 0.870 / 0.883 / 0.867 / 0.874, the same
   * precision, but the two unit tests above fail).
   */
  static double stepGain(SeriesAnalysis a, int lo, int c, int hi) {
    if (a.byRelease()
        || c - lo < TREND_POINTS
        || hi - c < TREND_POINTS
        || lo == 0 && hi == a.points()) {
      return LINE_GAIN;
    }
    return Math.log(a.fit(lo, hi, false).points());
  }

  /**
   * Whether a change next to a side too short for a slope of its own ({@link #TREND_POINTS}) beats
   * the line through both sides, where the two are a line: its two fits leave less of the line's
   * residual sum of squares by at least {@link #SLOPE_T}² noise², as a line must beat a level and a
   * step found inside a line next to a short level must beat it ({@link #stepGain}). The z-test
   * compares the short side's level with the other side's fit, and a short side's level says
   * nothing of its slope: the last 4 runs of a drift of 0.4σ a run passed for a step of 5.8 z
   * against the 10 runs before them, a level (DetectorTest.aShortDriftIsNotCutIntoAStep with
   * segments of 3 runs). By release, every change, its sides long or short ({@link
   * ReleaseSegments#longSidesAgainstLine}), and not where the line is only the step seen as a line
   * ({@link ReleaseSegments#lineIsTheStep}).
   */
  static boolean shortSideBeatsLine(SeriesAnalysis a, Detector.Change c) {
    Fit before = segment(a, c.from(), c.index());
    Fit after = segment(a, c.index(), c.to());
    if (before.points() >= TREND_POINTS
        && after.points() >= TREND_POINTS
        && !ReleaseSegments.longSidesAgainstLine(a)) {
      return true;
    }
    Fit line = segment(a, c.from(), c.to());
    return !line.linear()
        || gain(c.noise(), line.rss(), before.rss(), after.rss())
            >= ReleaseSegments.shortSideGain(a)
        || ReleaseSegments.lineIsTheStep(a, c, before, after);
  }

  private static double slopeT(SeriesAnalysis a, Fit line) {
    double noise = Math.max(a.sigma(), Residuals.spread(a, line));
    double phi = Residuals.autocorrelation(a, line);
    return Math.abs(line.slope())
        * Math.sqrt(line.ssx())
        / noise
        / Math.sqrt((1 + phi) / (1 - phi));
  }
}
