package io.benchlake.changepoints;

import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * The bad runs (outliers) of a history ({@link SeriesAnalysis}): in time order a run far from the
 * runs on both sides, in one direction, while those agree ({@link #inTimeOrder}), or a last run far
 * from the runs before it, which agree ({@link #last}). By release the runs of one release measure
 * one build, so a run far from the other runs of its release, which agree, is a bad run ({@link
 * #badRun}, asked first); of the others, a run that another run of its release, or the adjacent run
 * of the next or previous release, agrees with is none ({@link #seconded}), and the rest are judged
 * as in time order.
 */
final class BadRuns {
  private BadRuns() {}

  /**
   * The level run i of the first n means has when it is a bad run (more than {@code limit} off),
   * nothing when it is none; by release when {@code releases} are given (else null).
   */
  static OptionalDouble of(double[] means, int n, Releases releases, int i, double limit) {
    if (releases != null) {
      OptionalDouble own = badRun(means, n, releases, i, limit);
      if (own.isPresent() || seconded(means, n, releases, i, limit)) {
        return own;
      }
      return inTimeOrder(means, n, i, limit);
    }
    return i == n - 1 ? last(means, n, limit) : inTimeOrder(means, n, i, limit);
  }

  /**
   * Run i is a bad run where it is farther than {@code limit} from the median of the {@link
   * SeriesAnalysis#REACH} runs on either side, in the same direction from both, while the two sides
   * agree (they differ by less than half its distance): its level is then theirs. The first and
   * last runs have one side and are never one here (the last, in time order: {@link #last}).
   */
  static OptionalDouble inTimeOrder(double[] means, int n, int i, double limit) {
    if (i < 1 || i > n - 2) {
      return OptionalDouble.empty();
    }
    double left =
        NoiseScale.median(Arrays.copyOfRange(means, Math.max(0, i - SeriesAnalysis.REACH), i));
    double right =
        NoiseScale.median(
            Arrays.copyOfRange(means, i + 1, Math.min(n, i + 1 + SeriesAnalysis.REACH)));
    double off = means[i] - (left + right) / 2;
    // far from both sides, in the same direction, while the two sides agree: one bad run
    return Math.abs(means[i] - left) > limit
            && Math.abs(means[i] - right) > limit
            && Math.signum(means[i] - left) == Math.signum(means[i] - right)
            && Math.abs(left - right) < Math.abs(off) / 2
        ? OptionalDouble.of((left + right) / 2)
        : OptionalDouble.empty();
  }

  /**
   * The last run is a bad run, in time order, where it is farther than {@code limit} from the
   * median of the {@link SeriesAnalysis#REACH} runs before it and those agree (their range less
   * than half its distance, as {@link #inTimeOrder} asks of two sides): its level is then theirs.
   * No change can be put at the last run (a segment has at least the minimum segment), so a last
   * run far from the runs before it is reported as a bad run; when the next runs stay where it is,
   * it is a step (an append judges the last {@link SeriesAnalysis#REACH} runs again).
   *
   * <p>Why: {@link #inTimeOrder} never sets aside a run at an end, so a bad last run stays in its
   * segment's spread and level, which floor the re-check's test of the step before it. A bad run is
   * as likely there as anywhere: seed 42's history 93 of bench/changes (15 runs, a 4σ step after 8,
   * the last run 18σ low) reported nothing (z 0.35 at the step's place, the last run in the
   * spread); its step is found now. The first run too was tried and not kept: its one side is as
   * weak a judge, and in a seasonal history of 418 runs (held-out seed 123) a first run 7.7σ above
   * the next three was set aside, the season was found again on other runs and 4 false changes
   * followed (precision 0.975 -> 0.971), and an autocorrelated history of 13 runs (seed 1) had its
   * first run set aside and a false change; for 3 steps more in one history of seed 1 and 2 on seed
   * 7. Not by release, where a release's other runs judge its runs ({@link #badRun}) and this was
   * not measured. bench/changes: bench/results/changes-diary.md ("Since: a bad last run").
   */
  static OptionalDouble last(double[] means, int n, double limit) {
    // not in a history of 2·REACH runs or fewer: there the REACH runs that judge the last run
    // begin within REACH of the first (at REACH + 1 runs they are all the others), so no runs
    // before them show that their level is the history's, and they and the last run are most of
    // the one or two segments (of at least the minimum segment, 3) that a history so short has.
    // A guard, not a measured gain: with the cut-off at REACH runs (the fewest the copy below
    // allows) bench/changes was the same on seeds 20261205 / 1 / 42 / 99 / 7 / 123 (BadRunsTest)
    if (n <= 2 * SeriesAnalysis.REACH) {
      return OptionalDouble.empty();
    }
    return farFromAgreeing(
        means[n - 1], Arrays.copyOfRange(means, n - 1 - SeriesAnalysis.REACH, n - 1), limit);
  }

  /**
   * The level the other runs of its release give run i when it is a bad run among them: at least
   * two of them within {@link SeriesAnalysis#REACH} runs on either side, farther than {@code limit}
   * from their median and in agreement with each other (their range less than half its distance),
   * as the outlier rule asks of the runs on either side in time order. A run at a release's start
   * or end has a run of another build on one side, so in time order it is a bad run only when that
   * build is at the same level; the runs of one build agree whatever the builds around them do.
   */
  static OptionalDouble badRun(double[] means, int n, Releases r, int i, double limit) {
    double[] others = mates(means, n, r, i);
    if (others.length == 1) {
      return badOfTwo(means, n, r, i, others[0], limit);
    }
    if (others.length < 2) {
      return OptionalDouble.empty();
    }
    return farFromAgreeing(means[i], others, limit);
  }

  /**
   * The median of {@code judges} where {@code run} is farther than {@code limit} from it and they
   * agree (their range less than half its distance): the level of a bad run judged by runs on one
   * side ({@link #last}) or by its release's other runs ({@link #badRun}); nothing otherwise.
   */
  private static OptionalDouble farFromAgreeing(double run, double[] judges, double limit) {
    double level = NoiseScale.median(judges);
    double range =
        Arrays.stream(judges).max().orElseThrow() - Arrays.stream(judges).min().orElseThrow();
    double off = Math.abs(run - level);
    return off > limit && range < off / 2 ? OptionalDouble.of(level) : OptionalDouble.empty();
  }

  /**
   * Whether run i is the bad one of two runs of one release that disagree (farther apart than
   * √2·{@code limit}, the limit on their difference): runs of one build agree, so one of the two is
   * bad, and two values alone cannot say which (Dixon's Q test, the small-sample outlier test,
   * needs at least 3). The builds on either side tell: run i is bad where its mate is within {@code
   * limit} of the runs of an adjacent release (the median of those within {@link
   * SeriesAnalysis#REACH} of run i) and run i is farther than {@code limit} from both; its level is
   * then its mate's. Neither rule before reaches such a run: the release has one other run, not two
   * that agree, and in time order its mate is one of its neighbours, or it is the history's first
   * or last run, which has neighbours on one side only. Left in, a run 40% low among runs of 1%
   * noise made the spread around its release's level, which floors every test of the history (the
   * pure error, {@link ReleaseSegments#pureError}), 10σ: a history of 16 runs lost two changes of
   * 4% and 27% (z 12 and 41 at their places). Where the mate agrees with no adjacent release (a
   * change into the release and out of it), or the two runs are as far from their neighbours,
   * nothing is set aside. bench/changes, seeds 20261205 / 1 / 42 / 99: recall 0.966 / 0.946 / 0.955
   * / 0.944 -> 0.966 / 0.949 / 0.955 / 0.946, precision unchanged (with the limit, not √2 limits,
   * on the two runs' difference: 0.948 on seed 1, two runs 4.9 standard deviations of a difference
   * apart taken for a bad run, and a 2.2% change next to them lost).
   */
  private static OptionalDouble badOfTwo(
      double[] means, int n, Releases r, int i, double mate, double limit) {
    // the difference of two runs has the variance of both, 2σ²: they disagree beyond √2 limits
    if (Math.abs(means[i] - mate) <= Math.sqrt(2) * limit) {
      return OptionalDouble.empty();
    }
    int k = r.before(i + 1) - 1;
    int from = r.start(k);
    int to = k + 1 < r.count() ? r.start(k + 1) : n;
    double[] sides = {
      k > 0 ? median(means, Math.max(r.start(k - 1), i - SeriesAnalysis.REACH), from) : Double.NaN,
      median(
          means, to, Math.min(k + 2 < r.count() ? r.start(k + 2) : n, i + 1 + SeriesAnalysis.REACH))
    };
    boolean mateAgrees = false;
    boolean farFromBoth = true;
    for (double level : sides) {
      if (!Double.isNaN(level)) {
        mateAgrees |= Math.abs(mate - level) <= limit;
        farFromBoth &= Math.abs(means[i] - level) > limit;
      }
    }
    return mateAgrees && farFromBoth ? OptionalDouble.of(mate) : OptionalDouble.empty();
  }

  /** The median of the means [from, to), NaN when there are none. */
  private static double median(double[] means, int from, int to) {
    return to > from ? NoiseScale.median(Arrays.copyOfRange(means, from, to)) : Double.NaN;
  }

  /**
   * Whether a run of run i's release within {@link SeriesAnalysis#REACH} runs agrees with it (is
   * within {@code limit}): then it is no bad run, whatever the releases around it do. In time order
   * both runs of a release of two, 10σ above the releases on either side, were bad runs (each far
   * from the runs on both sides, which agree): a build measured twice alike is a change, there and
   * back. bench/changes, seeds 20261205 / 1 / 42 / 99: recall 0.931 / 0.912 / 0.923 / 0.903 ->
   * 0.934 / 0.919 / 0.931 / 0.903, precision unchanged. The adjacent run of the release before or
   * after seconds it too: two releases of one run 20σ above the runs around them, alike, were two
   * bad runs (each far from both sides, which agree), where they are two builds measured alike, a
   * change there and back; a bad run is far from the runs on both sides, so one of them within the
   * limit is off with it. Recall 0.966 / 0.949 / 0.955 / 0.946 -> 0.967 / 0.949 / 0.955 / 0.948,
   * precision 0.987 / 0.991 / 0.991 / 0.988 -> 0.985 / 0.991 / 0.991 / 0.988.
   */
  static boolean seconded(double[] means, int n, Releases r, int i, double limit) {
    for (double m : mates(means, n, r, i)) {
      if (Math.abs(m - means[i]) <= limit) {
        return true;
      }
    }
    // the adjacent run of the release before or after (its own release's runs are mates)
    return i > 0 && Math.abs(means[i - 1] - means[i]) <= limit
        || i + 1 < n && Math.abs(means[i + 1] - means[i]) <= limit;
  }

  /** The means of the other runs of run i's release within {@link SeriesAnalysis#REACH} of it. */
  private static double[] mates(double[] means, int n, Releases r, int i) {
    int k = r.before(i + 1) - 1;
    int from = Math.max(r.start(k), i - SeriesAnalysis.REACH);
    int to = Math.min(k + 1 < r.count() ? r.start(k + 1) : n, i + 1 + SeriesAnalysis.REACH);
    double[] others = new double[to - from - 1];
    int at = 0;
    for (int j = from; j < to; j++) {
      if (j != i) {
        others[at++] = means[j];
      }
    }
    return others;
  }
}
