package io.benchlake.changepoints;

/**
 * The segments of a history ordered by release ({@link Releases}), where the runs of one release
 * measure one build and a change of performance is between releases: changes only at the start of a
 * release, so a segment is whole releases. The choices, each measured on bench/changes' release
 * histories (seeds 20261205 / 1; recall, then precision, of the default detector):
 *
 * <ul>
 *   <li>A segment is whole releases with at least one run that is not an outlier, however short.
 *       The minimum segment of 3 runs is a level's identifiability among every run of a history; at
 *       a release start the place is given, and a change with 1 run on one side is still a
 *       two-sample z-test, its standard error σ·√(1 + 1/n): a 6σ step into a release measured once
 *       is as plain as any. What makes 3 runs safe in time order, that one bad run is not taken for
 *       two changes, is the outlier rule's (a run far from both sides, which agree, is set aside
 *       before the partition; a release of such runs alone is no segment). Changes at release
 *       starts with 3 runs a side: recall 0.853 / 0.830 (0.861 / 0.833 without the releases: fewer
 *       places, but no closer); 2 runs: 0.894 / 0.875; 2, or 1 in the newest release: 0.898 /
 *       0.880; 1: 0.910 / 0.886, precision 0.997 / 0.989.
 *   <li>The noise σ is the MAD of the differences between runs of one release ({@link #noise}):
 *       within a release there is no change, so the steps do not inflate it (the first differences
 *       of a history with a change every few runs do): recall 0.912 / 0.892.
 *   <li>No penalty per change: every release start is a candidate, and the re-check (Otava's
 *       weak-change elimination, Bonferroni over the release starts searched, not every run)
 *       decides. The penalty of time order keeps the candidates few among every run; here the
 *       places are few already, and a penalty of 12σ² let a line through two releases take their
 *       step: penalty 12 / 6 / 0: recall 0.912 / 0.892, 0.929 / 0.903, 0.931 / 0.911, precision
 *       0.997 / 0.987, 0.996 / 0.990, 0.993 / 0.991.
 *   <li>A run far from the other runs of its release, which agree, is a bad run ({@link
 *       BadRuns#badRun}), besides the outlier rule of time order: a bad run at a release's start
 *       where the level changes has runs of two levels around it, and left in, its misfit inflated
 *       the pooled spread that floors every test of its history (a 9σ step dropped with the rest of
 *       one history's 6 changes). Seeds 20261205 / 1 / 42 / 99: recall 0.931 / 0.911 / 0.923 /
 *       0.900 -> 0.931 / 0.913 / 0.924 / 0.907.
 * </ul>
 *
 * At these defaults (σ from 10 differences within releases, a run its release or the adjacent run
 * of another seconds no bad run: {@link BadRuns#seconded}, the bad run of a release of two: {@link
 * BadRuns#badRun}, a line over 3 releases or more: {@link #LINE_RELEASES}; every release start a
 * candidate: {@link #partition}; a step need only fit better than the line: {@link #shortSideGain},
 * between long sides too: {@link #longSidesAgainstLine}, and none where the line is only the step
 * seen as a line: {@link #lineIsTheStep}; the test's noise without the segments' misfit: {@link
 * #pureError}), bench/changes' release histories, seeds 20261205 / 1 / 42 / 99: precision 0.985 /
 * 0.992 / 0.991 / 0.989, recall 0.968 / 0.950 / 0.954 / 0.952 (the same detector without the
 * releases: precision 0.997 / 0.998 / 0.999 / 0.993, recall 0.865 / 0.833 / 0.859 / 0.805). What is
 * missed is mostly changes with 1 or 2 runs on a side and a few σ, beyond the test itself (a
 * two-sided p of 1e-4 needs |z| ≥ 3.9, and a 3σ step into a release of one run has a z of 2.1 to
 * 3): bench/results/changes-diary.md, "Since: release histories".
 */
final class ReleaseSegments {
  /**
   * The fewest differences between runs of one release that σ is taken from; with fewer (releases
   * of one run), from every first difference, as in time order. The MAD of a handful of differences
   * is often a fraction of the noise (8 differences of 1% noise gave 0.24%: a run 2.4% off its
   * release was a bad run); at least 10 (on bench/changes as 5, recall 0.912 / 0.891).
   */
  static final int WITHIN_DIFFERENCES = 10;

  /**
   * The fewest releases a segment fitted as a line spans ({@link Lines#segment}): a line through
   * two releases is their step in disguise (two levels have its two parameters), and fitted where a
   * re-check had dropped a small step between them it hid their neighbours' steps too (a 10σ step
   * dropped with a 2% one beside it). bench/changes, seeds 20261205 / 1 / 42 / 99: recall 0.934 /
   * 0.919 / 0.931 / 0.903 -> 0.936 / 0.920 / 0.934 / 0.906, precision unchanged (4 releases: 0.938
   * / 0.922 / 0.936 / 0.909; not taken: the release mix has no drift, and a slow regression release
   * after release is a line over a few of them).
   */
  static final int LINE_RELEASES = 3;

  private ReleaseSegments() {}

  /**
   * Whether the re-check's test of a change takes its noise from the runs of one build alone (σ and
   * the pooled spread around every release's level: the pure error of a lack-of-fit test, the
   * variance of replicates about their own mean, which no model of the levels changes; Montgomery
   * and Runger, Applied Statistics and Probability for Engineers, S11-2; JMP's "Lack of Fit"), not
   * from the two segments' own misfit (the lack of fit): by release, always. Within a release there
   * is no change, so that noise is the runs'; the spread and lag-1 autocorrelation of the runs of
   * two segments of several releases around their two levels are of releases at other levels, small
   * changes the re-check has dropped, which made the test of every change next to them weaker and
   * the drops cascade (a 3σ step and a 2σ one in 4 releases of 7 runs: the 2σ one dropped, the 3σ
   * one then tested with 1.2σ and an autocorrelation of 0.4, z 2.5). Where releases have one run
   * (fewer than {@link #WITHIN_DIFFERENCES} differences within releases) there are no replicates,
   * and σ is the MAD of every first difference: a difference-based estimate of the noise, which
   * needs no fit of the levels and which jumps between them do not bias (Rice 1984; Dai and Tong
   * 2014, "Variance estimation in nonparametric regression with jump discontinuities", J. Applied
   * Statistics 41(3), for a mean with jumps, as a history ordered by release is: a level per
   * release). The misfit around two segments there is the same lack of fit as above: every release
   * start is a candidate, and a segment of several one-run releases around one level holds the
   * changes dropped inside it (one history of 20 one-run releases: 3 true steps of z 4.5-4.7 at
   * their places, tested over wider segments with a misfit of 1.5-2.2σ, z 3.6 at best). In time
   * order there is neither order nor replicate: σ, the MAD of differences, understates runs on two
   * modes or wandering, and the segments' spread is a floor; by release the history's long-run
   * autocorrelation floor (Ljung-Box) stays for wandering noise. bench/changes, seeds 20261205 / 1
   * / 42 / 99, with the finest {@link #partition} and the step against a line below: recall 0.947 /
   * 0.931 / 0.948 / 0.923 -> 0.962 / 0.935 / 0.951 / 0.933 with releases of several runs only
   * (precision 0.991 / 0.993 / 0.991 / 0.991 -> 0.987 / 0.991 / 0.991 / 0.988) -> 0.966 / 0.946 /
   * 0.955 / 0.944 for releases of one run too, the same precision.
   */
  static boolean pureError(SeriesAnalysis a) {
    return a.byRelease();
  }

  /**
   * What a step next to a short side must gain over the line through both sides ({@link
   * Lines#shortSideBeatsLine}), in noise²: in time order {@link Lines#LINE_GAIN}, as a line must
   * beat a level, since the last few runs of a drift pass for a step against the runs before them;
   * by release nothing, the step need only fit better than the line (both have two parameters): the
   * step is between two builds, at a place the releases give, and a line through a short release
   * and its neighbours took their step (a 2.9σ step into the second of 3 releases of 4 runs, z 4.5,
   * its two levels 6σ² closer than the line: dropped, and the next change with it). bench/changes,
   * seeds 20261205 / 1 / 42 / 99, with the finest {@link #partition}: recall 0.941 / 0.920 / 0.938
   * / 0.910 -> 0.947 / 0.931 / 0.948 / 0.923, precision 0.992 / 0.993 / 0.991 / 0.991 -> 0.991 /
   * 0.993 / 0.991 / 0.991.
   */
  static double shortSideGain(SeriesAnalysis a) {
    return a.byRelease() ? 0 : Lines.LINE_GAIN;
  }

  /**
   * Whether a change whose two sides both have the runs for a slope of their own ({@link
   * Lines#TREND_POINTS}) must also fit better than the line through both sides ({@link
   * Lines#shortSideBeatsLine}): in time order no, the partition there weighs lines against levels
   * with a penalty per change, and chose the step between two long segments over a line through
   * both; by release yes, every release start is a candidate with no penalty ({@link #partition}),
   * the finest partition into levels, and the re-check's z-test of two levels says nothing of a
   * line through them. A history drifting steadily across its releases was a staircase of changes,
   * two levels of several releases each passing their test against each other (a drift's two ends),
   * where the whole history was a significant trend in every one of them. Asked to fit better than
   * the line (both have two parameters, {@link #shortSideGain}), the step between a drift's two
   * ends does not, and the drift is reported as the trend it is ({@link Lines#trend}, per release
   * in analytics' TrendRate; ReleaseSegmentsTest.aDriftAcrossReleasesIsATrendNotChanges); a step
   * between two flat sides leaves the line a quarter of its variance or more. Drifting histories
   * (not in the mix; 200 each, 1% noise; changes reported / trends): 25 one-run releases drifting
   * 0.5σ a release 199 / 134 -> 85 / 180, 0.8σ 164 / 179 -> 85 / 194, 20 one-run releases 1σ 102 /
   * 186 -> 74 / 193, 15 releases of 2 runs 0.8σ 290 / 113 -> 114 / 179, 10 releases of 3 runs 1σ
   * 216 / 112 -> 68 / 179, 8 of 3 runs 2σ 267 / 126 -> 90 / 187; 12 one-run releases 1.5σ 166 / 158
   * unchanged (its steps are between sides of 2 to 4 runs, whose line is too short to be fitted,
   * {@link Lines#TREND_POINTS}). bench/changes, seeds 20261205 / 1 / 42 / 99: release recall 0.968
   * / 0.950 / 0.955 / 0.952 -> 0.968 / 0.950 / 0.954 / 0.952, precision 0.985 / 0.991 / 0.991 /
   * 0.989 -> 0.985 / 0.992 / 0.991 / 0.989; the main mix identical.
   */
  static boolean longSidesAgainstLine(SeriesAnalysis a) {
    return a.byRelease();
  }

  /**
   * Whether, by release, the line through both sides of change c ({@link
   * Lines#shortSideBeatsLine}), is only the step seen as a line, so that the step, which passed its
   * test, need not fit better than it: the line is no trend the detector would report there ({@link
   * Lines#trend}), and the other side, with the runs and the releases for a slope of its own
   * ({@link Lines#TREND_POINTS}, {@link #LINE_RELEASES}), is a level ({@link Lines#segment}). The
   * line's slope then shows nowhere but in the step itself. Dropped for such a line, a step left
   * the runs' change out of the report altogether (neither the step nor a trend: 3 of the 4 steps
   * the line took on seed 99, z 5.4-6.2 as tested, their two levels within 0.85-1.7σ² of the line's
   * fit, a 5σ step after 11 one-run releases among them); and a step dropped took the next change
   * with it (its test then over the wider segment). Where the line is a trend, or the other side
   * shows the slope (a slow regression release after release), the step must still fit better.
   * bench/changes, seeds 20261205 / 1 / 42 / 99: release recall 0.967 / 0.949 / 0.955 / 0.948 ->
   * 0.968 / 0.950 / 0.955 / 0.952, precision 0.985 / 0.991 / 0.991 / 0.988 -> 0.985 / 0.991 / 0.991
   * / 0.989; the main mix identical. Either condition alone: the other side a level, recall 0.968 /
   * 0.950 / 0.955 / 0.952; the line no trend, 0.968 / 0.953 / 0.955 / 0.952; the same precision,
   * but histories of 25 one-run releases drifting 0.5σ a release (200 of them) reported 256 and 200
   * changes, with both 199, before 140 (bench/results/changes-diary.md, "Since: a step the line
   * took").
   */
  static boolean lineIsTheStep(SeriesAnalysis a, Detector.Change c, Fit before, Fit after) {
    if (!a.byRelease() || Lines.trend(a, c.from(), c.to()).isPresent()) {
      return false;
    }
    return flatLongSide(a, before) || flatLongSide(a, after);
  }

  /**
   * Whether the side fitted by {@code side} could be a line by its runs and releases, and is not.
   */
  private static boolean flatLongSide(SeriesAnalysis a, Fit side) {
    return side.points() >= Lines.TREND_POINTS
        && a.mayBeLine(side.from(), side.to())
        && !side.linear();
  }

  /** Whether the whole releases [from, to) may be one segment: a run in them is not an outlier. */
  static boolean segment(SeriesAnalysis a, int from, int to) {
    return a.fit(from, to, false).points() >= 1;
  }

  /**
   * The run-to-run noise σ of the first n run means: {@link NoiseScale#ofDifferences} of the
   * differences between runs of one release (of the history with the jump at each release start
   * taken out), where there are at least {@link #WITHIN_DIFFERENCES}; else of every difference.
   */
  static double noise(double[] means, int n, Releases r) {
    double[] within = new double[n];
    int k = 1;
    for (int i = 1; i < n; i++) {
      if (!r.startsAt(i)) {
        within[k] = within[k - 1] + means[i] - means[i - 1];
        k++;
      }
    }
    return k - 1 >= WITHIN_DIFFERENCES
        ? NoiseScale.ofDifferences(within, k)
        : NoiseScale.ofDifferences(means, n);
  }

  /**
   * How many release starts c in (lo, hi) split it into two segments, at least 1: those after the
   * first counted run of [lo, hi) and up to its last (a release start between them leaves a counted
   * run on either side), counted by binary search, as the re-check asks it of every change it
   * tests.
   */
  static int positions(SeriesAnalysis a, Releases r, int lo, int hi) {
    int first = lo;
    while (first < hi && a.isOutlier(first)) {
      first++;
    }
    int last = hi - 1;
    while (last > first && a.isOutlier(last)) {
      last--;
    }
    // the starts c with first < c <= last
    return Math.max(1, r.before(last + 1) - r.before(first + 1));
  }

  /**
   * The candidates' partition (as {@link SeriesAnalysis} finds it in time order) with changes at
   * release starts only: the finest whose segments are all {@link #segment}s, every release start
   * with a counted run on either side (a release of outliers alone joins the one before it);
   * last[t] for each start t from {@code from + 1} on and for the history's end (no other point
   * ends a segment), cost[t] 0 where [0, t) has such a partition (else infinite). No penalty: every
   * start is a candidate and the re-check decides ({@link ReleaseSegments}). This was the optimal
   * partition into lines without a penalty, O(releases²), which is the finest into levels only
   * where no line fits better: a line through two releases (two parameters, as their two levels)
   * often did, and took the start between them from the candidates, small steps and all.
   * bench/changes, seeds 20261205 / 1 / 42 / 99: recall 0.936 / 0.920 / 0.934 / 0.906 -> 0.941 /
   * 0.920 / 0.938 / 0.910, precision 0.994 / 0.992 / 0.991 / 0.991 -> 0.992 / 0.993 / 0.991 /
   * 0.991.
   */
  static void partition(SeriesAnalysis a, Releases r, int from, double[] cost, int[] last) {
    int n = a.points();
    cost[0] = 0;
    for (int k = r.before(from + 1); k <= r.count(); k++) {
      int t = k < r.count() ? r.start(k) : n;
      cost[t] = segment(a, 0, t) ? 0 : Double.POSITIVE_INFINITY;
      last[t] = 0;
      // the latest start that ends a partition and leaves [s, t) a segment: most often the last
      for (int j = k - 1; j >= 1; j--) {
        int s = r.start(j);
        if (cost[s] == 0 && segment(a, s, t)) {
          cost[t] = 0;
          last[t] = s;
          break;
        }
      }
    }
  }
}
