package io.benchlake.changepoints;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The noise floors a step is tested with: the pooled residual spread and the lag-1 autocorrelation
 * of a history around the fits of its segments. A step found inside a segment ({@link HiddenStep})
 * keeps the floors it was admitted with through the re-check.
 */
record NoiseFloor(double pooled, double phi) {
  /**
   * More runs than this set aside as outliers, per 100 runs (and more than this many), are not bad
   * runs but a second mode (two plans, two NUMA placements): they count in the pooled spread. A run
   * 8% off half the time with 0.5% noise is "an outlier" every few runs, and without them the
   * spread is of the quiet mode alone, so two such runs side by side passed for a step
   * (bench/changes: false changes 30/31/37 -> 30/29/19 on seeds 20261205/1/42; 30 such histories of
   * 800 runs: 113 -> 14).
   */
  static final double MODE_RUNS_PER_100 = 3;

  /**
   * The residual spread of the whole history around the segments between the cuts, pooled (as the
   * within-groups variance of an ANOVA): the noise floor of every test. The MAD of first
   * differences understates the spread of runs that switch between two modes or wander (bimodal,
   * autocorrelated noise), and two short segments can look calm by chance; pooled over the whole
   * partition the spread is neither; where outliers are a second mode they count too.
   * (bench/changes at the defaults: false changes 29/44/43 -> 30/31/37 on seeds 20261205/1/42,
   * recall 0.822/0.846/0.837 -> 0.819/0.844/0.837.)
   */
  static double pooledSpread(SeriesAnalysis a, Collection<Integer> cuts) {
    Fit[] fits = Lines.segments(a, 0, cuts, a.points());
    int outliers = 0;
    for (int i = 0; i < a.points(); i++) {
      outliers += a.isOutlier(i) ? 1 : 0;
    }
    boolean secondMode = outliers > MODE_RUNS_PER_100 * Math.max(1, a.points() / 100.0);
    return Residuals.spread(a, secondMode, fits);
  }

  /**
   * The floor of a step found inside a segment: the pooled spread, and the autocorrelation of the
   * residuals around the whole history's segments between {@code cuts}.
   */
  static NoiseFloor ofHistory(SeriesAnalysis a, double pooled, Collection<Integer> cuts) {
    return new NoiseFloor(
        pooled, Residuals.autocorrelation(a, Lines.segments(a, 0, cuts, a.points())));
  }

  /**
   * The noise floors of a history that is one segment [lo, hi) (the partition found no change),
   * taken around the step model there: its two levels at their best split. Around the line the
   * floors hold the step's own misfit: for a 4σ step after 6 of 12 runs, a pooled spread of 1.4σ,
   * so the step had to gain 9 × 2σ² over the line where it gains 11.7σ², and an autocorrelation of
   * 0.32 from the misfit alone. A two-sample test takes its variance within the two groups
   * (Student's pooled variance), not around a model that leaves the difference out. Only where the
   * line is the whole history: taken around the step model in every segment, a season too weak to
   * be found or wandering noise passes for steps more often (bench/changes precision 0.950 on seed
   * 20261205, for recall +0.2 points over this rule).
   */
  static Optional<NoiseFloor> aroundStep(SeriesAnalysis a, int lo, int hi) {
    var split = HiddenStep.split(a, lo, hi);
    return split.isEmpty()
        ? Optional.empty()
        : Optional.of(around(a, lo, hi, List.of(split.getAsInt())));
  }

  /** The noise floors of the one segment [lo, hi) taken around its fits between the splits. */
  static NoiseFloor around(SeriesAnalysis a, int lo, int hi, List<Integer> splits) {
    Fit[] fits = Lines.segments(a, lo, splits, hi);
    return new NoiseFloor(
        pooledSpread(a, new TreeSet<>(splits)), Residuals.autocorrelation(a, fits));
  }
}
