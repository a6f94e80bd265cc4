package io.benchlake.changepoints;

import java.util.List;
import java.util.Optional;

/**
 * What the steps of a history are judged with once its changes are found: a season (a repeating
 * pattern) taken out and the history analysed again without it, or, where there is none, the steps
 * hidden in lines looked for and runs on two modes brought onto one. Each is kept only where it
 * shows again around the changes found with it (the pattern, or the modes, fitted with the steps).
 */
final class SeasonsAndModes {
  /** The fewest cycles of a pattern found in the history taken whole ({@link #wholeSeason}). */
  static final int WHOLE_CYCLES = 6;

  private SeasonsAndModes() {}

  /**
   * The result of history {@code a}, whose changes {@code first} found before any season: the
   * pattern of a decomposition fitted with the steps first (around the changes kept so far the
   * steps it hid are not in the cuts, and a cycle found there is folded on what they left), else
   * one around those changes, else a sinusoid fitted with the candidates' levels ({@link
   * #harmonic}), else one around the history taken whole.
   */
  static Detector.Result judge(SeriesAnalysis a, Detector.Result first) {
    Optional<Detector.Season> season =
        Seasonality.decomposed(a)
            .flatMap(s -> jointly(a, s))
            .or(() -> Seasonality.find(a, cuts(first)))
            .or(() -> harmonic(a))
            .or(() -> wholeSeason(a));
    // the steps hidden in lines are looked for once the season is known (or there is none): cut
    // at them, a season's swings leave no pattern around the changes to be found
    return season
        .map(s -> a.less(s::at).result().withSeason(s, first.outliers()))
        .orElseGet(() -> withStepAcrossModes(a, withoutSecondMode(a, a.withHiddenSteps())));
  }

  /**
   * The pattern looked for around the history taken whole, when there is none around the changes
   * found: a pattern far larger than the noise (a monthly sawtooth, a yearly swing) is followed by
   * changes at its every turn, and its residuals around them show nothing (TCPD's bank: 30 changes
   * in 581 daily balances paid in monthly). Taken whole, a history of a few regular steps looks
   * like a few cycles of a ramp too, so a pattern that replaces the changes found must repeat at
   * least {@link #WHOLE_CYCLES} times (a staircase of 5 steps, one every 200 runs, stays steps).
   */
  private static Optional<Detector.Season> wholeSeason(SeriesAnalysis a) {
    return Seasonality.find(a, List.of()).filter(s -> s.period() * WHOLE_CYCLES <= a.points());
  }

  /**
   * The season found by decomposition fitted again with the steps: the history with the pattern
   * taken out is analysed, and the pattern is kept when it shows, at the same length, in the
   * residuals around the segments between the changes found there (a step model and a pattern
   * fitted together), its ANOVA Bonferroni over the lengths the decomposition tried. A step leaves
   * a sawtooth of a cycle's length in a history less its moving average: three steps of 6-10σ in
   * 900 runs passed for a cycle of 146 runs, and its turns for seven more changes. Without this,
   * bench/changes precision 0.943 / 0.953 / 0.935 / 0.964 on seeds 20261205 / 1 / 42 / 99 (0.960 /
   * 0.968 / 0.969 / 0.973 with it), release histories in time order 0.984-0.996 (0.993-0.999).
   *
   * <p>A pattern of fewer than {@link #WHOLE_CYCLES} cycles ({@link Seasonality#DECOMPOSED_CYCLES}
   * allows 4) is also refused where the history less it has a trend: a staircase of regular steps
   * is a ramp plus a sawtooth of their spacing, and with the ramp a line between the changes found
   * the sawtooth shows again around them (5 steps of 5%, one every 200 runs in 1,001 at 1% noise,
   * were a cycle of 210.25 runs and one change, SeriesAnalysisTest). A season and a drift in one
   * history, each clear, is what this gives up. bench/changes, 4 cycles, seeds 20261205 / 1 / 42 /
   * 99: with it recall 0.879 / 0.886 / 0.872 / 0.881, precision 0.960 / 0.965 / 0.966 / 0.972;
   * without it 0.879 / 0.888 / 0.872 / 0.881, 0.961 / 0.968 / 0.967 / 0.972.
   */
  private static Optional<Detector.Season> jointly(SeriesAnalysis a, Detector.Season season) {
    return shownAround(
        a,
        a.less(season::at).result(),
        season.period(),
        Seasonality.decompositionTries(a.points()));
  }

  /**
   * The season of {@code length} runs where the runs folded on that length show it around the
   * changes found in the history less it ({@code without}), Bonferroni over {@code tries} lengths,
   * and, under {@link #WHOLE_CYCLES} cycles, the history less it has no trend (a staircase is a
   * ramp plus a sawtooth: {@link #jointly}); else none.
   */
  private static Optional<Detector.Season> shownAround(
      SeriesAnalysis a, Detector.Result without, double length, int tries) {
    if (length * WHOLE_CYCLES > a.points() && !without.trends().isEmpty()) {
      return Optional.empty();
    }
    return Seasonality.around(a, cuts(without), length, tries);
  }

  /**
   * The fewest cycles of a season {@link #harmonic} looks for: fewer than {@link
   * Seasonality#DECOMPOSED_CYCLES}, since a sinusoid has two parameters whatever its length where a
   * fold has one a phase (a cycle of 28.2 runs in 68, 2.4 cycles, and its step at 39 are found
   * now). 2 cycles: bench/changes the same on the four seeds.
   */
  private static final double HARMONIC_CYCLES = 2.5;

  /** The shortest cycle {@link #harmonic} looks for. */
  private static final double SHORTEST_HARMONIC = 3;

  /**
   * The season of a sinusoid fitted with a level per segment between the partition's candidates
   * ({@link HarmonicSeason}; its F test Bonferroni over the Fourier frequencies in the band), taken
   * out of the history, then fitted again around the changes found without it (the cycle's length
   * looked for again within 15%, as BFAST alternates the season and the breaks, Verbesselt et al.
   * 2010), and kept, as {@link #jointly} keeps the decomposition's, only where the runs folded on
   * that length show it around those changes (Bonferroni over the same frequencies) and, under
   * {@link #WHOLE_CYCLES} cycles, the history less it has no trend.
   *
   * <p>Why: where no season was found before, it was hidden by the steps the first pass missed, or
   * too long for the decomposition (a quarter of the history), and its swings then widened every
   * step's test. bench/changes seed 42, series 385: a cycle of 43.1 runs, 2.2σ, and three steps of
   * 4-6σ in 223 runs; the decomposition folded it on 41, which did not show again around the one
   * step found without it, and around the first pass's changes (none) the steps hid it; the
   * sinusoid around the 11 candidates (cuts at the steps and at the cycle's turns) is 42.5 runs,
   * and without it the three steps are found. Series 115: a cycle of 51.7 runs in 184 (more than a
   * quarter) and a step of -11.5σ 8 runs from the end. The partition's candidates, not the first
   * pass's changes: with a level between each, the sinusoid is fitted with the steps (around the
   * first pass's changes, often none, the steps are in the residuals and the fold cannot show the
   * cycle even at its true length). bench/changes, seeds 20261205 / 1 / 42 / 99: recall 0.903 /
   * 0.907 / 0.897 / 0.907 -> 0.908 / 0.908 / 0.906 / 0.907, precision 0.959 / 0.965 / 0.964 / 0.969
   * -> 0.959 / 0.965 / 0.971 / 0.969 (seed 42's seasonal histories: 86 -> 92 of 106 counted steps
   * found, false changes 15 -> 10); held-out seeds 7 / 123: recall 0.893 / 0.923 -> 0.904 / 0.928,
   * precision 0.957 / 0.975 -> 0.964 / 0.975; the release histories unchanged (none is searched by
   * release). Not kept: the sinusoid kept on its own F test where the fold refuses it (seed 42
   * precision 0.948: drifts and two modes took sinusoids; with a line per segment, autocorrelated
   * histories did, recall 0.901 on seeds 20261205 and 99).
   */
  private static Optional<Detector.Season> harmonic(SeriesAnalysis a) {
    int n = a.points();
    double longest = n / HARMONIC_CYCLES;
    if (a.byRelease() || longest <= SHORTEST_HARMONIC) {
      return Optional.empty();
    }
    double[] y = a.cleanCentred();
    int tries = HarmonicSeason.frequencies(n, SHORTEST_HARMONIC, longest);
    HarmonicSeason.Sinusoid first =
        HarmonicSeason.best(y, a.candidates(), SHORTEST_HARMONIC, longest);
    if (first == null || !(first.pValue() * tries < a.settings().alpha())) {
      return Optional.empty();
    }
    Detector.Result without = a.less(first.season(first.pValue())::at).result();
    double length = first.length();
    HarmonicSeason.Sinusoid refined =
        HarmonicSeason.best(
            y,
            cuts(without),
            Math.max(SHORTEST_HARMONIC, 0.85 * length),
            Math.min(longest, 1.15 * length));
    return refined == null ? Optional.empty() : shownAround(a, without, refined.length(), tries);
  }

  /**
   * The result of the history with its runs on the smaller of two modes moved to the larger ({@link
   * Modes}), where the residuals around the changes {@code judged} found are two modes, and still
   * are around the changes found once they are moved (the modes fitted with the steps); else {@code
   * judged}.
   */
  private static Detector.Result withoutSecondMode(SeriesAnalysis a, Detector.Result judged) {
    return Modes.offsets(a, cuts(judged))
        .map(offsets -> a.less(i -> offsets[i]))
        .flatMap(moved -> Modes.offsets(a, cuts(moved.result())))
        .map(offsets -> a.less(i -> offsets[i]).result().withSeason(null, judged.outliers()))
        .orElse(judged);
  }

  /**
   * {@code judged} with a step that moves both of two modes added, where there is one ({@link
   * ModeShift}).
   */
  private static Detector.Result withStepAcrossModes(SeriesAnalysis a, Detector.Result judged) {
    return ModeShift.added(a, judged).orElse(judged);
  }

  private static List<Integer> cuts(Detector.Result r) {
    return r.changes().stream().map(Detector.Change::index).toList();
  }
}
