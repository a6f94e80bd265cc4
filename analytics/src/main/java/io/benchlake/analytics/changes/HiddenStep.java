package io.benchlake.analytics.changes;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * A step the candidate partition fitted as part of a line. The partition lets a segment be a line
 * at no extra cost, so a short step (3σ between two 14-run segments) costs nothing as a line, and
 * that line's slope, too weak to be a trend, hides it: reported as neither (48 of 100 such steps
 * found before this re-check, 61 with it). Each segment of the re-checked partition is therefore
 * compared with a step model: two levels, split where they fit best. The step is kept when it
 * passes the re-check's own test between the segment's ends (the same noise, alpha, Bonferroni over
 * the split positions, minimum change), with the lag-1 autocorrelation at least that of the whole
 * history around its segments (a season too weak to be found, or wandering noise, makes two short
 * levels look apart). Where the segment is a line (its slope clearly not zero) the step must also
 * beat it as a line must beat a level: its two levels leave less of the residual sum of squares by
 * at least {@link Recheck#SLOPE_T}² noise², or a drift is cut into steps. (bench/changes, seeds
 * 20261205 / 1 / 42 / 99: without that, precision 0.941 / 0.944 / 0.962 / 0.946; without the
 * autocorrelation floor, 0.944 / 0.953 / 0.970 / 0.958.) Where the line is the whole history, the
 * floors (pooled spread, autocorrelation) are taken around the two levels instead ({@code
 * Recheck.aroundStep}): around the line they are the step's own misfit.
 */
final class HiddenStep {
  private HiddenStep() {}

  /**
   * The step inside the segment [lo, hi) that the segment's fit hides, if there is one; {@code phi}
   * is the lag-1 autocorrelation of the whole history around its segments.
   */
  static Optional<Detector.Change> in(SeriesAnalysis a, double pooled, double phi, int lo, int hi) {
    OptionalInt at = split(a, lo, hi);
    if (at.isEmpty()) {
      return Optional.empty();
    }
    int split = at.getAsInt();
    double line = a.fit(lo, hi, true).rss();
    double best = a.fit(lo, split, false).rss() + a.fit(split, hi, false).rss();
    Detector.Change step = Recheck.stepInSegment(a, pooled, phi, lo, split, hi);
    double gain = (line - best) / (step.noise() * step.noise());
    if (Recheck.segment(a, lo, hi).linear() && gain < Recheck.SLOPE_T * Recheck.SLOPE_T) {
      return Optional.empty();
    }
    return Recheck.passes(a, step) ? Optional.of(step) : Optional.empty();
  }

  /**
   * Where two levels fit the segment [lo, hi) best, each of at least the minimum segment, when they
   * fit it better than its line.
   */
  static OptionalInt split(SeriesAnalysis a, int lo, int hi) {
    int m = a.settings().minSegment();
    if (hi - lo < 2 * m) {
      return OptionalInt.empty();
    }
    int split = -1;
    double best = a.fit(lo, hi, true).rss();
    for (int c = lo + m; c <= hi - m; c++) {
      double rss = a.fit(lo, c, false).rss() + a.fit(c, hi, false).rss();
      if (rss < best) {
        best = rss;
        split = c;
      }
    }
    return split < 0 ? OptionalInt.empty() : OptionalInt.of(split);
  }
}
