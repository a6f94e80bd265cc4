package io.benchlake.changepoints;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.commons.math3.stat.inference.OneWayAnova;

/**
 * A repeating pattern in a history (a weekly job mix, a cache that warms in cycles): found in the
 * residuals of the segments as the shortest lag whose autocorrelation is near the highest and at
 * least 0.3 once the autocorrelation has turned negative, kept when the runs' phase explains their
 * spread (one-way ANOVA, p below alpha) and the pattern is at least a quarter of the noise. The
 * detector then looks for steps in the history with the pattern taken out, so seasonality neither
 * hides a step nor passes for one.
 */
final class Seasonality {
  private static final double MIN_AUTOCORRELATION = 0.3;

  /** How much more of the residuals' variance a cycle of a fractional length must explain. */
  private static final double FRACTIONAL_GAIN = 0.02;

  /**
   * The fewest cycles of a pattern found by {@link #decomposed}: fewer than the {@link
   * SeasonsAndModes#WHOLE_CYCLES} a pattern of the history taken whole needs, since this one must
   * also show again around the changes found without it ({@code SeasonsAndModes#jointly}), which a
   * staircase's sawtooth does not. With 6, a cycle of 42.2 runs in 204 (4.8 cycles) or of 18.9 in
   * 90 was never looked for, and its swings, left in the residuals, widened every step's test or
   * passed for steps; and a cycle's multiples up to a quarter of the history give its length more
   * exactly (12.675 runs for a cycle of 12.72, 12.6 before, which did not show again around the two
   * steps of 4-5σ found without it, so neither was reported). bench/changes, seeds 20261205 / 1 /
   * 42 / 99, 6 -> 4 cycles: recall 0.873 / 0.886 / 0.869 / 0.875 -> 0.879 / 0.888 / 0.869 / 0.881,
   * precision 0.957 / 0.964 / 0.965 / 0.972 -> 0.961 / 0.967 / 0.966 / 0.972 (the seasonal
   * histories of seed 20261205: 93 -> 97 of 117 counted steps found, false changes 11 -> 8); the
   * release histories unchanged. 5 cycles: recall 0.874 / 0.886 / 0.869 / 0.875; 3 cycles: main
   * recall 0.879 / 0.891 / 0.872 / 0.877, but release histories precision 0.985 -> 0.979 on seed
   * 20261205 and recall 0.949 -> 0.947, 0.948 -> 0.946 on seeds 1 and 99. (These numbers before the
   * trend rule of {@code SeasonsAndModes#jointly}, which fewer cycles need.)
   */
  static final int DECOMPOSED_CYCLES = 4;

  /**
   * How many runs either side of the best whole cycle length {@link #decomposed} tries fractional
   * lengths at (in steps of 0.05).
   */
  private static final int FRACTIONAL_REACH = 2;

  /** The shortest cycle {@link #decomposed} looks for. */
  private static final int SHORTEST_DECOMPOSED = 3;

  private Seasonality() {}

  static Optional<Detector.Season> find(SeriesAnalysis a, List<Integer> changes) {
    int n = a.points();
    if (n < 12) {
      return Optional.empty();
    }
    double[] res = residuals(a, changes);
    double ss = 0;
    for (double r : res) {
      ss += r * r;
    }
    if (ss == 0) {
      return Optional.empty();
    }
    // a pattern repeats after its autocorrelation has first turned negative: the lags before that
    // only say that neighbouring runs are alike (a slow wave, wandering noise)
    int max = n / 3;
    double[] acf = new double[max + 1];
    int firstNegative = -1;
    double best = 0;
    for (int k = 1; k <= max; k++) {
      double s = 0;
      for (int i = k; i < n; i++) {
        s += res[i] * res[i - k];
      }
      acf[k] = s / ss;
      if (firstNegative < 0 && acf[k] < 0) {
        firstNegative = k;
      }
      if (firstNegative > 0 && k >= 2) {
        best = Math.max(best, acf[k]);
      }
    }
    if (firstNegative < 0 || best < MIN_AUTOCORRELATION) {
      return Optional.empty();
    }
    int period = Math.max(2, firstNegative + 1);
    while (acf[period] < 0.9 * best) {
      period++;
    }
    // a cycle need not last a whole number of runs: folded on 14 runs, a cycle of 13.8 drifts a
    // run out of phase every 5 cycles and smears away; the whole numbers next to the lag found
    // are tried and, only when it explains clearly more, the lengths between them
    Fold fold = null;
    for (int k = Math.max(2, period - 1); k <= Math.min(max, period + 1); k++) {
      fold = better(fold, Fold.of(res, k));
    }
    Fold fractional = null;
    for (int step = -19; step <= 19; step++) {
      double length = period + step / 20.0;
      if (step % 20 != 0 && length > 2 && length <= max) {
        fractional = better(fractional, Fold.of(res, length));
      }
    }
    if (fold == null
        || fractional != null && fractional.explained() > fold.explained() + FRACTIONAL_GAIN) {
      fold = fractional;
    }
    if (fold == null) {
      return Optional.empty();
    }
    return tested(a, fold, 1);
  }

  /**
   * The pattern of {@code length} runs in the residuals around the segments between the changes,
   * when it is one ({@link #tested}): the season a step model and a pattern fitted together leave.
   */
  static Optional<Detector.Season> around(
      SeriesAnalysis a, List<Integer> changes, double length, int tries) {
    Fold fold = Fold.of(residuals(a, changes), length);
    return fold == null ? Optional.empty() : tested(a, fold, tries);
  }

  /** How many cycle lengths {@link #decomposed} tries in a history of n runs. */
  static int decompositionTries(int n) {
    return Math.max(0, n / DECOMPOSED_CYCLES - SHORTEST_DECOMPOSED + 1);
  }

  /** The residuals of the runs around the segments between the changes; 0 at an outlier. */
  private static double[] residuals(SeriesAnalysis a, List<Integer> changes) {
    return residuals(a, changes, false);
  }

  /**
   * The residuals of the runs around the segments between the changes, an outlier's its own when
   * {@code withOutliers}, else 0.
   */
  static double[] residuals(SeriesAnalysis a, List<Integer> changes, boolean withOutliers) {
    int n = a.points();
    double[] res = new double[n];
    int lo = 0;
    List<Integer> ends = new ArrayList<>(changes);
    ends.add(n);
    for (int hi : ends) {
      Fit f = Lines.segment(a, lo, hi);
      for (int i = lo; i < hi; i++) {
        res[i] = a.isOutlier(i) && !withOutliers ? 0 : a.centred(i) - f.at(i);
      }
      lo = hi;
    }
    return res;
  }

  /**
   * The fold as a season when the runs' phase explains their spread (one-way ANOVA, its p-value
   * times {@code tries} below alpha) and the pattern is at least a quarter of the noise.
   */
  private static Optional<Detector.Season> tested(SeriesAnalysis a, Fold fold, int tries) {
    double pValue = Math.min(1, tries * new OneWayAnova().anovaPValue(fold.phases()));
    if (!(pValue < a.settings().alpha()) || fold.spread() < 0.25 * a.sigma()) {
      return Optional.empty();
    }
    return Optional.of(new Detector.Season(fold.length(), fold.profile(), pValue));
  }

  /**
   * The pattern found by classical decomposition (Kendall and Stuart; R's {@code decompose}, and
   * the first step of STL, Cleveland et al. 1990): for each whole cycle length p, the history less
   * its centred moving average over p runs (which takes out a cycle of p runs whole, and a step but
   * for the p runs around it) folded on p phases; the length whose phases explain most of it, then
   * the lengths between its neighbours as {@link #find} tries them, then its shortest part that
   * explains nearly as much (a cycle's multiples explain it too). Kept when its one-way ANOVA,
   * Bonferroni over the lengths tried, is below alpha, the pattern is at least a quarter of the
   * noise, and it repeats {@link #DECOMPOSED_CYCLES} times (as a pattern of the history taken whole
   * must: a staircase of regular steps is a few cycles of a ramp too).
   *
   * <p>Why: {@link #find} looks at the residuals around fitted segments, and a step the re-check
   * has not kept is in them. Steps of 4-6σ over 606 runs hid a cycle of 38.2 runs there; the
   * cycle's autocorrelation then widened every step's test and nothing was reported; or the cycle
   * was found around changes at its turns and folded on 37 runs, and its swings took the steps. In
   * bench/changes' seasonal histories (seed 20261205) 31 counted steps were missed and 17 false
   * changes reported, 24 and 11 with this (first, fitted with the steps: {@code
   * SeasonsAndModes#jointly}). Seeds 20261205 / 1 / 42 / 99: precision 0.953 / 0.955 / 0.964 /
   * 0.960 -> 0.961 / 0.967 / 0.969 / 0.971, recall 0.842 / 0.862 / 0.844 / 0.839 -> 0.852 / 0.868 /
   * 0.850 / 0.853; the release histories unchanged; bench/changes-real 0.770 -> 0.759 (one series,
   * quality_control_4: a cycle of 20 runs over a wandering level, found now, and the wander cut
   * into steps).
   */
  static Optional<Detector.Season> decomposed(SeriesAnalysis a) {
    int n = a.points();
    int longest = n / DECOMPOSED_CYCLES;
    if (decompositionTries(n) == 0) {
      return Optional.empty();
    }
    double[] y = a.cleanCentred();
    double[] sum = new double[n + 1];
    for (int i = 0; i < n; i++) {
      sum[i + 1] = sum[i] + y[i];
    }
    Fold[] folds = new Fold[longest + 1];
    int p = -1;
    for (int k = SHORTEST_DECOMPOSED; k <= longest; k++) {
      folds[k] = Fold.of(detrended(y, sum, k), k / 2, n - k / 2, k);
      if (folds[k] != null && (p < 0 || folds[k].explained() > folds[p].explained())) {
        p = k;
      }
    }
    if (p < 0) {
      return Optional.empty();
    }
    Fold fold = folds[p];
    double[] detrended = detrended(y, sum, p);
    Fold fractional = null;
    // fractional lengths up to two runs either side of p (within one run, a cycle of 22.38 runs in
    // 200 was not folded on 22.5 as now, and two of its history's three steps were missed;
    // bench/changes, 4 cycles, seeds 20261205 / 1 / 42 / 99: false changes 28 / 22 / 24 / 19 -> 28
    // / 21 / 23 / 19, recall 0.869 -> 0.872 on seed 42, the rest unchanged)
    for (int step = -20 * FRACTIONAL_REACH + 1; step <= 20 * FRACTIONAL_REACH - 1; step++) {
      double length = p + step / 20.0;
      if (step != 0 && length > 2 && length <= longest) {
        fractional = better(fractional, Fold.of(detrended, p / 2, n - p / 2, length));
      }
    }
    if (fractional != null && fractional.explained() > fold.explained() + FRACTIONAL_GAIN) {
      fold = fractional;
    }
    // a cycle's multiples explain it too: the shortest part of the best that explains nearly as
    // much (folded on 41.45 runs, a cycle of 13.8 explains about as much as on 13.8)
    for (int parts = (int) (fold.length() / SHORTEST_DECOMPOSED); parts >= 2; parts--) {
      Fold part = Fold.of(detrended, p / 2, n - p / 2, fold.length() / parts);
      if (part != null && part.explained() >= 0.9 * fold.explained()) {
        fold = part;
        break;
      }
    }
    return tested(a, fold, decompositionTries(n));
  }

  /**
   * y less its centred moving average over p runs (a 2×p average for an even p, so it stays
   * centred), where the average is defined: [p/2, n - p/2); NaN elsewhere.
   */
  private static double[] detrended(double[] y, double[] sum, int p) {
    int n = y.length;
    int h = p / 2;
    double[] d = new double[n];
    Arrays.fill(d, Double.NaN);
    for (int i = h; i < n - h; i++) {
      double window =
          p % 2 == 1
              ? sum[i + h + 1] - sum[i - h]
              : sum[i + h] - sum[i - h + 1] + (y[i - h] + y[i + h]) / 2;
      d[i] = y[i] - window / p;
    }
    return d;
  }

  private static Fold better(Fold a, Fold b) {
    return b != null && (a == null || b.explained() > a.explained()) ? b : a;
  }

  /**
   * The residuals folded on a cycle of {@code length} runs into round(length) phases: the pattern
   * (each phase's mean, centred), the runs of each phase, and the share of the residuals' variance
   * the phases explain, adjusted for their number (so more phases do not win by being more); null
   * when a phase has fewer than two runs.
   */
  private record Fold(double length, double[] profile, List<double[]> phases, double explained) {
    static Fold of(double[] res, double length) {
      return of(res, 0, res.length, length);
    }

    /** {@link #of(double[], double)} of the residuals [from, to) only, phases still of i. */
    static Fold of(double[] res, int from, int to, double length) {
      int n = to - from;
      int bins = (int) Math.round(length);
      int[] count = new int[bins];
      for (int i = from; i < to; i++) {
        count[Detector.Season.phase(i, length, bins)]++;
      }
      if (Arrays.stream(count).min().orElse(0) < 2) {
        return null; // a phase of fewer than two runs says nothing of a pattern
      }
      List<double[]> phases = new ArrayList<>();
      int[] at = new int[bins];
      for (int b = 0; b < bins; b++) {
        phases.add(new double[count[b]]);
      }
      double[] profile = new double[bins];
      double mean = 0;
      double total = 0;
      for (int i = from; i < to; i++) {
        int b = Detector.Season.phase(i, length, bins);
        phases.get(b)[at[b]++] = res[i];
        profile[b] += res[i] / count[b];
        mean += res[i] / n;
      }
      double between = 0;
      for (int i = from; i < to; i++) {
        double d = res[i] - mean;
        total += d * d;
        int b = Detector.Season.phase(i, length, bins);
        double e = profile[b] - mean;
        between += e * e;
      }
      double r2 = total > 0 ? between / total : 0;
      double adjusted = 1 - (1 - r2) * (n - 1) / Math.max(1, n - bins);
      for (int b = 0; b < bins; b++) {
        profile[b] -= mean;
      }
      return new Fold(length, profile, phases, adjusted);
    }

    /** The standard deviation of the pattern over its phases. */
    double spread() {
      double var = 0;
      for (double p : profile) {
        var += p * p / profile.length;
      }
      return Math.sqrt(var);
    }
  }
}
