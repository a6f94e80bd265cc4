package io.benchlake.changepoints;

import java.util.ArrayList;
import java.util.List;
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
 * beat it: its two levels leave less of the residual sum of squares by at least {@link
 * Lines#stepGain} noise² (between changes in time order, both levels of 6 runs or more, BIC's ln n
 * for the step's one parameter more, where it is; else 3², as a line must beat a level), or a drift
 * is cut into steps. (bench/changes, seeds 20261205 / 1 / 42 / 99: without that, precision 0.941 /
 * 0.944 / 0.962 / 0.946; without the autocorrelation floor, 0.944 / 0.953 / 0.970 / 0.958; both
 * measured when the gain asked was {@link Lines#LINE_GAIN}.) Where the line is the whole history,
 * the floors (pooled spread, autocorrelation) are taken around the two levels instead ({@link
 * NoiseFloor#aroundStep}): around the line they are the step's own misfit.
 */
final class HiddenStep {
  private HiddenStep() {}

  /**
   * The step inside the segment [lo, hi) that the segment's fit hides, if there is one; {@code phi}
   * is the lag-1 autocorrelation of the whole history around its segments.
   */
  static Optional<Detector.Change> in(SeriesAnalysis a, double pooled, double phi, int lo, int hi) {
    OptionalInt at = split(a, lo, hi);
    return at.isEmpty() ? Optional.empty() : at(a, pooled, phi, lo, at.getAsInt(), hi);
  }

  /**
   * The step at {@code split} inside the segment [lo, hi), where two levels fit it best ({@link
   * #split}), if it passes as {@link #in} asks.
   */
  static Optional<Detector.Change> at(
      SeriesAnalysis a, double pooled, double phi, int lo, int split, int hi) {
    double line = a.fit(lo, hi, true).rss();
    double best = a.fit(lo, split, false).rss() + a.fit(split, hi, false).rss();
    Detector.Change step = StepEvidence.inSegment(a, pooled, phi, lo, split, hi);
    double gain = Lines.gain(step.noise(), line, best);
    if (Lines.segment(a, lo, hi).linear() && gain < Lines.stepGain(a, lo, split, hi)) {
      return Optional.empty();
    }
    return StepEvidence.passes(a, step) ? Optional.of(step) : Optional.empty();
  }

  /**
   * The staircase inside the line [lo, hi): two or more steps in one segment that the partition
   * fitted as one line, each step too small against the line's slope for {@link #in} to find alone
   * (three releases 5% apart, 4.7σ each, in 16 runs: a trend of -0.95% a run, no step). {@link
   * #stairs} gives its levels; it replaces the line when it leaves less of the line's residual sum
   * of squares by at least {@link Lines#LINE_GAIN} noise² plus the penalty for every further change
   * (as the partition charges it, {@link SeriesAnalysis#penalty}), and when every step passes the
   * test of a step inside a segment between its neighbours; else empty. (ln n for the first step
   * against the line, as {@link Lines#stepGain} asks of one step: no more steps found on
   * bench/changes, one false change more on seed 1.)
   */
  static List<Detector.Change> staircase(
      SeriesAnalysis a, double pooled, double phi, int lo, int hi, List<Integer> stairs) {
    double noise = Math.max(a.sigma(), pooled);
    if (stairs.size() < 2 || !(noise > 0)) {
      return List.of();
    }
    double rss = 0;
    int from = lo;
    List<Integer> ends = new ArrayList<>(stairs);
    ends.add(hi);
    for (int to : ends) {
      rss += a.fit(from, to, false).rss();
      from = to;
    }
    double gain = Lines.gain(noise, a.fit(lo, hi, true).rss(), rss);
    double needed = Lines.LINE_GAIN + a.penalty() * (stairs.size() - 1);
    if (gain < needed) {
      return List.of();
    }
    List<Detector.Change> steps = new ArrayList<>();
    for (int k = 0; k < stairs.size(); k++) {
      int before = k == 0 ? lo : stairs.get(k - 1);
      int after = k == stairs.size() - 1 ? hi : stairs.get(k + 1);
      Detector.Change step = StepEvidence.inSegment(a, pooled, phi, before, stairs.get(k), after);
      if (!StepEvidence.passes(a, step)) {
        return List.of();
      }
      steps.add(step);
    }
    return steps;
  }

  /**
   * The levels of the staircase that a line [lo, hi) may hide: the optimal partition of the segment
   * into levels alone, each of at least the minimum segment, with the detector's penalty per change
   * in units of σ² (Jackson et al. 2005, as the candidates are found); its change points, in order.
   * Empty when the segment is not a line (its slope clearly not zero) or the levels change fewer
   * than twice ({@link #in} looks for one step).
   */
  static List<Integer> stairs(SeriesAnalysis a, int lo, int hi) {
    if (!(a.sigma() > 0) || !Lines.segment(a, lo, hi).linear()) {
      return List.of();
    }
    List<Integer> cuts = levels(a, lo, hi, a.sigma());
    return cuts.size() < 2 ? List.of() : cuts;
  }

  /** The change points of {@link LevelPartition} of [lo, hi), in order. */
  private static List<Integer> levels(SeriesAnalysis a, int lo, int hi, double noise) {
    return LevelPartition.of(a, lo, hi, noise).cuts();
  }

  /**
   * Where two levels fit the segment [lo, hi) best, each of at least the minimum segment, when they
   * fit it better than its line.
   */
  static OptionalInt split(SeriesAnalysis a, int lo, int hi) {
    return split(a, lo, hi, a.fit(lo, hi, true).rss());
  }

  /** Where two levels fit the runs [lo, hi) best, each of at least the minimum segment. */
  static OptionalInt levelSplit(SeriesAnalysis a, int lo, int hi) {
    return split(a, lo, hi, Double.POSITIVE_INFINITY);
  }

  /** Where two levels fit [lo, hi) best, when they leave less than {@code toBeat}. */
  private static OptionalInt split(SeriesAnalysis a, int lo, int hi, double toBeat) {
    int m = a.shortestSegment();
    if (hi - lo < 2 * m) {
      return OptionalInt.empty();
    }
    int split = -1;
    double best = toBeat;
    for (int c = lo + m; c <= hi - m; c++) {
      if (!a.splits(lo, c, hi)) {
        continue;
      }
      double rss = a.fit(lo, c, false).rss() + a.fit(c, hi, false).rss();
      if (rss < best) {
        best = rss;
        split = c;
      }
    }
    return split < 0 ? OptionalInt.empty() : OptionalInt.of(split);
  }
}
