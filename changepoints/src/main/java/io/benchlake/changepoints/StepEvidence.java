package io.benchlake.changepoints;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.RealDistribution;

/**
 * The re-check's test of one step, and the evidence it reports: the two segments either side of a
 * change as levels (or lines) at the change, their difference against its standard error under the
 * noise floors, a z-test with a Bonferroni correction over the positions the change could have been
 * placed at, the 95% interval; and whether the result passes the detector's alpha and minimum
 * change.
 */
final class StepEvidence {
  private StepEvidence() {}

  /**
   * The step at c between the segments [lo, c) and [c, hi), as levels at the change, tested with
   * the larger of σ, the pooled spread and the two segments' own spread (in a short history, σ
   * pooled with that spread where σ is the larger: {@link #noise}).
   */
  static Detector.Change betweenChanges(SeriesAnalysis a, double pooled, int lo, int c, int hi) {
    return betweenChanges(a, pooled, 0, lo, c, hi);
  }

  /**
   * {@link #betweenChanges}, the lag-1 autocorrelation at least {@code phiFloor} (the history's
   * long-run one, {@link Residuals#longRunAutocorrelation}).
   */
  static Detector.Change betweenChanges(
      SeriesAnalysis a, double pooled, double phiFloor, int lo, int c, int hi) {
    return test(a, pooled, phiFloor, Detector.Test.BETWEEN_CHANGES, lo, c, hi);
  }

  /**
   * {@link #betweenChanges} of a step inside a segment ({@link HiddenStep}): the lag-1
   * autocorrelation at least {@code phiFloor}.
   */
  static Detector.Change inSegment(
      SeriesAnalysis a, double pooled, double phiFloor, int lo, int c, int hi) {
    return test(a, pooled, phiFloor, Detector.Test.STEP_IN_SEGMENT, lo, c, hi);
  }

  /** Whether the change is significant at the detector's alpha and at least its minimum change. */
  static boolean passes(SeriesAnalysis a, Detector.Change c) {
    return c.pValue() < a.settings().alpha()
        && Math.abs(c.changePct()) >= a.settings().minChange() * 100;
  }

  /**
   * The runs under which a history's σ is pooled with the residual spread of two levels ({@link
   * #noise}).
   */
  static final int SHORT_HISTORY = 50;

  /**
   * The runs from which σ is pooled with the levels' spread ({@link #noise}): under 10, σ has under
   * 3 degrees of freedom and the levels' spread under 8, and their pooled estimate, which the
   * z-test takes as known, let noise alone pass for a step (6 runs of 2% noise, seed 24 of
   * DetectorTest.shortNoisyHistoriesReportNothing: z 4.1, p 4e-5 with the pooled noise, 11.5
   * against σ 13.5). bench/changes has no history under 10 runs, so its numbers are not moved by
   * this.
   */
  static final int POOLED_FROM = 10;

  /**
   * The degrees of freedom of σ, per first difference: the MAD's σ of n − 1 differences has the
   * variance of a variance estimate with about 0.3 (n − 1) degrees of freedom (2σ⁴ / Var(σ̂²) for
   * normal noise, simulated at 12 to 100 runs: the MAD is 37% efficient at the normal, less for the
   * differences' correlation of −1/2).
   */
  static final double SIGMA_DF_PER_DIFFERENCE = 0.3;

  /**
   * The noise of the test between {@code before} and {@code after}: the largest of σ, the pooled
   * spread and the two segments' own residual spread (RMS); except where σ is the largest, in a
   * history under {@link #SHORT_HISTORY} runs, between two levels: there σ² and the residual
   * spread, squared, are pooled, each weighted by its degrees of freedom (σ's {@link
   * #SIGMA_DF_PER_DIFFERENCE} per difference, the residuals' one per run less one per level; the
   * spread is their RSS over the runs, not over its degrees of freedom: the unbiased one was tried
   * and not kept, bench/results/changes-diary.md), from {@link #POOLED_FROM} runs.
   *
   * <p>Why: the largest of noisy estimates is biased upwards, and from 10-20 differences σ is off
   * by 30% either way (q10-q90 0.56-1.46 of the truth at 13 runs, normal noise; a step in the
   * middle adds 10%), where the residual spread of the same runs around two levels is within
   * 0.71-1.25: the misses of short histories were where σ was high (bench/changes-missed, seed
   * 20261205: 51 of 83 misses under 3 of the detector's σ, every counted step ≥ 3 true σ; a 4σ step
   * after 5 of 13 heavy-tailed runs, their spread around the two levels 0.52σ, z 4.39 with σ, 6.35
   * pooled). Where σ is below the residual spread, that spread is the noise as before (two modes, a
   * season, a drift's misfit around levels, σ low by chance). Between levels only: around a line
   * the residuals of a drift are its noise alone, and the last runs of a short drift passed for a
   * step against the line before them (DetectorTest.theLastRunsOfAShortDriftAreNotAStep, 8 changes
   * in 200 where it allows 6). Under 50 runs only, where σ has under 15 degrees of freedom: in
   * every history, 2 more false changes on seeds 20261205 and 1 for no more recall (σ weighted 0.37
   * there). bench/changes, seeds 20261205 / 1 / 42 / 99: recall 0.873 / 0.886 / 0.869 / 0.875 ->
   * 0.879 / 0.891 / 0.881 / 0.881, precision 0.957 / 0.964 / 0.965 / 0.972 -> 0.956 / 0.964 / 0.966
   * / 0.972; release histories unchanged (σ there is the runs of one build's).
   */
  private static double noise(SeriesAnalysis a, double pooled, Fit before, Fit after) {
    double residual = Math.max(pooled, Residuals.spread(a, before, after));
    double sigma = a.sigma();
    int residualDf = before.points() + after.points() - before.parameters() - after.parameters();
    if (sigma <= residual
        || a.points() >= SHORT_HISTORY
        || a.points() < POOLED_FROM
        || before.linear()
        || after.linear()
        || residualDf < 1) {
      return Math.max(sigma, residual);
    }
    return pooledNoise(a, residualDf, residualDf * residual * residual);
  }

  /** The degrees of freedom of σ ({@link #SIGMA_DF_PER_DIFFERENCE} per difference). */
  static double sigmaDf(SeriesAnalysis a) {
    return SIGMA_DF_PER_DIFFERENCE * (a.points() - 1);
  }

  /**
   * σ² and a residual variance with {@code residualDf} degrees of freedom pooled, each weighted by
   * its degrees of freedom ({@link #sigmaDf}), as a spread; {@code residualSquares} is that
   * variance times {@code residualDf}.
   */
  static double pooledNoise(SeriesAnalysis a, double residualDf, double residualSquares) {
    double sigma = a.sigma();
    double sigmaDf = sigmaDf(a);
    return Math.sqrt((sigmaDf * sigma * sigma + residualSquares) / (sigmaDf + residualDf));
  }

  private static Detector.Change test(
      SeriesAnalysis a, double pooled, double phiFloor, Detector.Test kind, int lo, int c, int hi) {
    Fit before = Lines.segment(a, lo, c);
    Fit after = Lines.segment(a, c, hi);
    double x = c - 0.5;
    // by release the noise is that of the runs of one build (ReleaseSegments#pureError): the two
    // segments' own misfit is of releases at other levels, what is tested, not noise
    boolean misfitIsNoise = !ReleaseSegments.pureError(a);
    double noise = misfitIsNoise ? noise(a, pooled, before, after) : Math.max(a.sigma(), pooled);
    double phi =
        Math.max(phiFloor, misfitIsNoise ? Residuals.autocorrelation(a, before, after) : 0);
    double se =
        noise
            * Math.sqrt(
                (before.varianceFactor(x) + after.varianceFactor(x)) * (1 + phi) / (1 - phi));
    double levelBefore = before.at(x) + a.origin();
    double levelAfter = after.at(x) + a.origin();
    Step step =
        new Step(lo, c, hi, levelBefore, levelAfter, levelAfter - levelBefore, se, noise, phi);
    // σ comes from all the history's differences and the spread of both segments: the test takes
    // it as known (a z-test). A t distribution with the segments' own degrees of freedom instead
    // missed steps next to short segments, for no gain in precision (bench/changes: recall 0.78
    // against 0.81 at the same precision).
    NormalDistribution dist = new NormalDistribution(null, 0, 1);
    return change(a, kind, dist, step, pValue(a, dist, step.z(), lo, hi));
  }

  /**
   * A step at c between [lo, hi): the levels either side of it, the step between them and its
   * standard error {@code se}, with the noise and the lag-1 autocorrelation that error was taken
   * with.
   */
  record Step(
      int lo,
      int c,
      int hi,
      double levelBefore,
      double levelAfter,
      double step,
      double se,
      double noise,
      double phi) {
    /** The step over its standard error ({@link StepEvidence#z}). */
    double z() {
      return StepEvidence.z(step, se);
    }
  }

  /** The step over its standard error; infinite where that is 0 (0 where the step is too). */
  static double z(double step, double se) {
    return se > 0 ? step / se : (step == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, step));
  }

  /**
   * The two-sided p-value of z under {@code dist} for a change placed where the step looks largest
   * among every position of [lo, hi): Bonferroni over those positions, or short-lived noise
   * anywhere in a long history passes.
   */
  static double pValue(SeriesAnalysis a, RealDistribution dist, double z, int lo, int hi) {
    return Double.isInfinite(z)
        ? 0
        : Math.min(1, a.positions(lo, hi) * 2 * dist.cumulativeProbability(-Math.abs(z)));
  }

  /**
   * The evidence of {@code s}, tested by {@code kind} under {@code dist} with the p-value {@code
   * p}: the step and its 95% interval (from {@code dist} and the step's standard error) in % of the
   * level before.
   */
  static Detector.Change change(
      SeriesAnalysis a, Detector.Test kind, RealDistribution dist, Step s, double p) {
    double half = dist.inverseCumulativeProbability(0.975) * s.se();
    double base = a.base(s.levelBefore());
    return new Detector.Change(
        s.c(),
        s.levelBefore(),
        s.levelAfter(),
        LevelScale.percent(s.step(), base),
        LevelScale.percent(s.step() - half, base),
        LevelScale.percent(s.step() + half, base),
        s.z(),
        p,
        s.lo(),
        s.hi(),
        s.noise(),
        kind,
        s.phi());
  }
}
