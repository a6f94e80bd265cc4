package io.benchlake.changepoints;

import static io.benchlake.changepoints.SyntheticHistories.series;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Steps in histories of runs on two modes ({@link Modes}), at the detector's defaults. */
class ModesTest {
  private static final Detector.Settings DEFAULTS = Detector.Settings.DEFAULTS;

  /**
   * n runs at 0.5% noise, each on a mode 8% faster with probability {@code before} before run
   * {@code at} and {@code after} from it on, the level times {@code step} from run {@code at}.
   */
  private static List<double[]> twoModes(
      long seed, int n, int at, double step, double before, double after) {
    return twoModes(seed, n, at, step, before, after, 1.08);
  }

  /** As above, the other mode {@code other} times the base one (below 1: a slower mode). */
  private static List<double[]> twoModes(
      long seed, int n, int at, double step, double before, double after, double other) {
    SplittableRandom mode = new SplittableRandom(seed * 7919);
    boolean[] onOther = new boolean[n];
    for (int i = 0; i < n; i++) {
      onOther[i] = mode.nextDouble() < (i < at ? before : after);
    }
    return series(seed, n, 0.005, i -> 1000 * (onOther[i] ? other : 1) * (i < at ? 1 : step));
  }

  @Test
  void aStepMovesBothModesAndIsFound() {
    // a 3% step (6 sigma) in 200 runs, a third of them on a mode 8% faster: the switches made the
    // first differences' sigma about 4% and the step was under 1 of it (bench/changes: 24 counted
    // steps of bimodal histories missed on seed 20261205)
    int found = 0;
    for (long seed = 1; seed <= 10; seed++) {
      List<Integer> changes =
          Detector.detect(twoModes(seed, 200, 120, 0.97, 0.3, 0.3), DEFAULTS).changes().stream()
              .map(Detector.Change::index)
              .toList();
      found += changes.stream().anyMatch(c -> Math.abs(c - 120) <= 2) ? 1 : 0;
      assertTrue(changes.size() <= 1, "seed " + seed + ": " + changes);
    }
    assertTrue(found >= 9, found + " of 10 found");
  }

  @Test
  void moreRunsOnTheOtherModeAreNotAStep() {
    // one run in ten on the fast mode for 120 runs, then one in four: the level of the runs moves
    // by 1.2%, the level of each mode does not (a guard: it passes without Modes too)
    for (long seed = 1; seed <= 10; seed++) {
      Detector.Result r = Detector.detect(twoModes(seed, 200, 120, 1, 0.1, 0.25), DEFAULTS);
      assertEquals(List.of(), r.changes(), "seed " + seed);
    }
  }

  @Test
  void aStepAsLargeAsTheModesDistanceIsFound() {
    // the level 8% lower from run 30 of 50: the fast mode after it is where the slow one was
    // before, and one level with a third of its runs faster passed for two modes and no step
    // (ModeShift: 14 of these 20 found, 13 without it; 17 where a segment the detector took for a
    // line is searched too, which cut short drifts into steps, DetectorTest)
    int[] foundAndOthers = stepsAtTheModesDistance(1 / 1.08, 1.08);
    assertTrue(foundAndOthers[0] >= 14, foundAndOthers[0] + " of 20 found");
    // seed 2: 6 of its first 11 runs on the fast mode, then 1 of the next 19, reported at 11 (and
    // 33) without ModeShift too
    assertTrue(foundAndOthers[1] <= 3, foundAndOthers[1] + " other changes");
  }

  @Test
  void aStepAsLargeAsTheModesDistanceIsFoundWhenTheOtherModeIsSlower() {
    // the mirror of the above: a third of the runs on a mode 8% slower, the level 8% higher from
    // run 30, so the slow mode after it is where the base one was before: 17 of 20 found, 2 other
    // changes (the same with ModeShift's residuals from the lower level, where the base runs of a
    // segment whose other mode is the lower sat at g: the review's finding, fixed, is not what
    // these histories turn on)
    int[] foundAndOthers = stepsAtTheModesDistance(1.08, 1 / 1.08);
    assertTrue(foundAndOthers[0] >= 15, foundAndOthers[0] + " of 20 found");
    assertTrue(foundAndOthers[1] <= 3, foundAndOthers[1] + " other changes");
  }

  /** Of 20 histories of 50 runs with a step at 30: how many it is found in, and other changes. */
  private static int[] stepsAtTheModesDistance(double step, double other) {
    int found = 0;
    int others = 0;
    for (long seed = 1; seed <= 20; seed++) {
      List<Integer> changes =
          Detector.detect(twoModes(seed, 50, 30, step, 0.3, 0.3, other), DEFAULTS)
              .changes()
              .stream()
              .map(Detector.Change::index)
              .toList();
      found += changes.stream().anyMatch(c -> Math.abs(c - 30) <= 2) ? 1 : 0;
      others += (int) changes.stream().filter(c -> Math.abs(c - 30) > 2).count();
    }
    return new int[] {found, others};
  }

  @Test
  void twoModesAloneInAShortHistoryAreNotAStep() {
    // 30 runs, a third of them 8% faster: the mode model's best split must not pass for a step. Two
    // histories of the 20 have a change, as without ModeShift: seed 2's first 11 runs are 6 on the
    // fast mode, the next 19 one, and seed 13's mode shares move as much (a changed mixture, not a
    // shifted one; what Modes leaves to the re-check)
    int withChanges = 0;
    for (long seed = 1; seed <= 20; seed++) {
      Detector.Result r = Detector.detect(twoModes(seed, 30, 0, 1, 0.3, 0.3), DEFAULTS);
      withChanges += r.changes().isEmpty() ? 0 : 1;
    }
    assertTrue(withChanges <= 2, withChanges + " of 20 with a change");
  }
}
