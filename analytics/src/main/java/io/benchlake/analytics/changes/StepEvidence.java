package io.benchlake.analytics.changes;

import org.apache.commons.math3.distribution.NormalDistribution;

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
   * the larger of σ, the pooled spread and the two segments' own spread.
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

  private static Detector.Change test(
      SeriesAnalysis a, double pooled, double phiFloor, Detector.Test kind, int lo, int c, int hi) {
    Fit before = Lines.segment(a, lo, c);
    Fit after = Lines.segment(a, c, hi);
    double x = c - 0.5;
    // by release the noise is that of the runs of one build (ReleaseSegments#pureError): the two
    // segments' own misfit is of releases at other levels, what is tested, not noise
    boolean misfitIsNoise = !ReleaseSegments.pureError(a);
    double noise =
        Math.max(
            Math.max(a.sigma(), pooled), misfitIsNoise ? Residuals.spread(a, before, after) : 0);
    double phi =
        Math.max(phiFloor, misfitIsNoise ? Residuals.autocorrelation(a, before, after) : 0);
    double se =
        noise
            * Math.sqrt(
                (before.varianceFactor(x) + after.varianceFactor(x)) * (1 + phi) / (1 - phi));
    double levelBefore = before.at(x) + a.origin();
    double levelAfter = after.at(x) + a.origin();
    double step = levelAfter - levelBefore;
    double z = se > 0 ? step / se : (step == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, step));
    // σ comes from all the history's differences and the spread of both segments: the test takes
    // it as known (a z-test). A t distribution with the segments' own degrees of freedom instead
    // missed steps next to short segments, for no gain in precision (bench/changes: recall 0.78
    // against 0.81 at the same precision).
    NormalDistribution dist = new NormalDistribution(null, 0, 1);
    // the change was placed where the step looks largest among every position of [lo, hi):
    // Bonferroni over those positions, or short-lived noise anywhere in a long history passes
    int positions = a.positions(lo, hi);
    double p =
        Double.isInfinite(z)
            ? 0
            : Math.min(1, positions * 2 * dist.cumulativeProbability(-Math.abs(z)));
    double half = dist.inverseCumulativeProbability(0.975) * se;
    double base = a.base(levelBefore);
    return new Detector.Change(
        c,
        levelBefore,
        levelAfter,
        SeriesAnalysis.percent(step, base),
        SeriesAnalysis.percent(step - half, base),
        SeriesAnalysis.percent(step + half, base),
        z,
        p,
        lo,
        hi,
        noise,
        kind,
        phi);
  }
}
