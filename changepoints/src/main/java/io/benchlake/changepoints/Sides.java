package io.benchlake.changepoints;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

/**
 * A failing change's sides looked into before the re-check drops it. A change is tested between its
 * neighbouring changes, so when the partition missed a step on one side (a bump: up after 6 runs,
 * back down 6 runs later), that side's level, spread and autocorrelation hold the missed step's
 * misfit, and a true step fails against it; dropped, its segment is then one level or line over
 * both steps, and no one step splits it well. So before the weakest failing change is dropped, each
 * of its two sides is searched for a step hidden there ({@link HiddenStep#in}, with the
 * autocorrelation floor taken around the cuts with that step among them, {@link #withStep}); the
 * step that passes is added and the change re-tested against it: the look inside the neighbour
 * segments of binary segmentation for close changes (Fryzlewicz's wild binary segmentation, Annals
 * of Statistics 2014, draws intervals so that some hold one change alone; the
 * narrowest-over-threshold rule of Baranowski, Chen and Fryzlewicz, JRSS B 81(3) 2019, R's {@code
 * not}, keeps the narrowest interval whose step passes). The change is kept so only when it then
 * passes the test of a step found inside a segment (the autocorrelation around the cuts with the
 * side step, at least the long-run one around the cuts as they are) with its Bonferroni over the
 * positions of the segment it was searched in before (its new neighbour was searched for). Time
 * order only, and not in the long-run re-check. A 3% bump of 8 runs in 120 runs at 1% noise: both
 * ends found in 88 of 100 histories, from 71 (SidesTest). bench/changes, seeds 20261205 / 1 / 42 /
 * 99: recall 0.870 / 0.883 / 0.865 / 0.868 -> 0.873 / 0.886 / 0.869 / 0.875, precision 0.961 /
 * 0.967 / 0.968 / 0.972 -> 0.957 / 0.964 / 0.965 / 0.972. Every failing change's sides looked into,
 * the change re-tested by the plain re-check and no Bonferroni over the wider segment: recall 0.880
 * / 0.890 / 0.869 / 0.880, precision 0.952 / 0.960 / 0.960 / 0.965 (a 5-run dip of heavy-tailed
 * noise in 856 runs passed for two changes).
 */
final class Sides {
  private final Set<Integer> tried;

  /** {@code tried}: the steps found inside segments so far, each added at most once. */
  Sides(Set<Integer> tried) {
    this.tried = tried;
  }

  /**
   * The step found on a side of the failing change at c that lets it pass, if there is one: then
   * both are in {@code cuts}, each with the floors of a step found inside a segment ({@link
   * StepEvidence#inSegment}); else nothing changed.
   */
  OptionalInt rescue(
      SeriesAnalysis a,
      double pooled,
      TreeSet<Integer> cuts,
      Map<Integer, NoiseFloor> floors,
      int c) {
    int lo = cuts.lower(c) == null ? 0 : cuts.lower(c);
    int hi = cuts.higher(c) == null ? a.points() : cuts.higher(c);
    double longRun = Residuals.longRunAutocorrelation(a, Lines.segments(a, 0, cuts, a.points()));
    Optional<Detector.Change> before = sideStep(a, pooled, longRun, cuts, lo, c);
    Optional<Detector.Change> after = sideStep(a, pooled, longRun, cuts, c, hi);
    Optional<Detector.Change> step =
        before.isEmpty()
            ? after
            : after.isEmpty() || Math.abs(before.get().z()) >= Math.abs(after.get().z())
                ? before
                : after;
    if (step.isEmpty() || tried.contains(step.get().index())) {
      return OptionalInt.empty();
    }
    int added = step.get().index();
    NoiseFloor floor = withStep(a, pooled, longRun, cuts, added);
    int from = added < c ? added : lo;
    int to = added < c ? hi : added;
    Detector.Change change = StepEvidence.inSegment(a, floor.pooled(), floor.phi(), from, c, to);
    // the new neighbour was searched for: the change's Bonferroni still counts the positions of
    // the segment it was searched in, or a bump of heavy-tailed noise passes for two changes
    double p = Math.min(1, change.pValue() * a.positions(lo, hi) / a.positions(from, to));
    if (!(p < a.settings().alpha())
        || Math.abs(change.changePct()) < a.settings().minChange() * 100
        || !Lines.shortSideBeatsLine(a, change)) {
      return OptionalInt.empty();
    }
    tried.add(added);
    cuts.add(added);
    floors.put(added, floor);
    floors.put(c, floor);
    return OptionalInt.of(added);
  }

  /**
   * The step {@link HiddenStep#in} finds in the side [from, to), at the split where two levels fit
   * that side best, tested with the floors {@link #withStep} of that split.
   */
  private static Optional<Detector.Change> sideStep(
      SeriesAnalysis a, double pooled, double longRun, TreeSet<Integer> cuts, int from, int to) {
    OptionalInt split = HiddenStep.split(a, from, to);
    if (split.isEmpty()) {
      return Optional.empty();
    }
    NoiseFloor floor = withStep(a, pooled, longRun, cuts, split.getAsInt());
    return HiddenStep.at(a, floor.pooled(), floor.phi(), from, split.getAsInt(), to);
  }

  /**
   * The floors of a step found on a failing change's side and of the change tested against it: the
   * pooled spread, and the lag-1 autocorrelation of the residuals around the cuts with that step
   * among them, at least the long-run one around the cuts as they are ({@code longRun}, {@link
   * Residuals#longRunAutocorrelation}: 0 unless significant at the detector's alpha).
   *
   * <p>Why: taken around the cuts without the side's step, the autocorrelation is that step's own
   * misfit (a bump's step back is a run of residuals of one sign): the model the change is tested
   * in is the one with both steps, and a regression's error is taken around the fuller model, as an
   * F-test takes it. Seed 42's history 158 of bench/changes (25 runs of autocorrelated noise, a
   * step up of 2.5σ after 5 runs and back down after 19): the partition cut at the start only,
   * which failed between the history's ends (z 4.2, autocorrelation 0.22, of the bump's misfit),
   * and its side's search found the step back but tested it, and the start against it, with that
   * 0.22: nothing reported; around both steps the residuals' autocorrelation is 0, and both pass (z
   * 5.0 and −5.3). The long-run autocorrelation as a floor: noise that wanders splits a few runs
   * off as a bump's step back does, and around that split looks less correlated; where the history
   * is clearly autocorrelated around its changes the split takes none of it away (seed 7 of
   * bench/changes, held out: 2 histories of 220 and 74 runs with 2 false changes each without it,
   * none with it; seed 123: 2 in one of 166 runs with it too, precision 0.979 -> 0.976).
   * bench/changes, seeds 20261205 / 1 / 42 / 99: recall 0.889 / 0.896 / 0.885 / 0.891 -> 0.894 /
   * 0.899 / 0.888 / 0.900, precision 0.959 / 0.967 / 0.963 / 0.971 -> 0.959 / 0.964 / 0.963 /
   * 0.969; the release mix unchanged. Without the long-run floor: recall 0.894 / 0.899 / 0.890 /
   * 0.900, precision 0.959 / 0.964 / 0.962 / 0.969, held-out seeds 7 / 123 precision 0.957 / 0.979
   * -> 0.951 / 0.976 for no recall.
   */
  private static NoiseFloor withStep(
      SeriesAnalysis a, double pooled, double longRun, TreeSet<Integer> cuts, int step) {
    TreeSet<Integer> with = new TreeSet<>(cuts);
    with.add(step);
    NoiseFloor around = NoiseFloor.ofHistory(a, pooled, with);
    return new NoiseFloor(around.pooled(), Math.max(around.phi(), longRun));
  }
}
