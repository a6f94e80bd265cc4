package io.benchlake.changepoints;

import static io.benchlake.changepoints.SyntheticHistories.series;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The two pieces of {@link ModeShift} that its guards rest on, tested on their own: the distance
 * between the modes ({@link ModeShift#switchSize}) and the runs test that tells modes drawn afresh
 * at every run from a drift labelled as two modes ({@link ModeShift#persistent}).
 */
class ModeShiftTest {
  private static final Detector.Settings DEFAULTS = Detector.Settings.DEFAULTS;

  /** n labels, each on the other mode (an offset of 1) with probability p, drawn afresh. */
  private static double[] drawnAfresh(long seed, int n, double p) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] offsets = new double[n];
    for (int i = 0; i < n; i++) {
      offsets[i] = r.nextDouble() < p ? 1 : 0;
    }
    return offsets;
  }

  @Test
  void modesDrawnAfreshAreNotPersistent() {
    // one-sided at z < -2: about 2.3% of such labellings fail, so 40 seeds allow 4
    int persistent = 0;
    for (long seed = 1; seed <= 40; seed++) {
      persistent += ModeShift.persistent(drawnAfresh(seed, 100, 0.3)) ? 1 : 0;
    }
    assertTrue(persistent <= 4, persistent + " of 40 labellings drawn afresh called persistent");
  }

  @Test
  void theLaterRunsAllOnTheOtherModeArePersistent() {
    // what a drift labelled as two modes gives: the first 70 runs on the base mode, the last 30 on
    // the other (2 stretches where about 43 are expected)
    double[] offsets = new double[100];
    for (int i = 70; i < 100; i++) {
      offsets[i] = 1;
    }
    assertTrue(ModeShift.persistent(offsets));
  }

  @Test
  void modesThatAlternateAreNotPersistent() {
    // more stretches than expected is the other tail, which the one-sided test does not refuse
    double[] offsets = new double[100];
    for (int i = 1; i < 100; i += 2) {
      offsets[i] = 1;
    }
    assertFalse(ModeShift.persistent(offsets));
  }

  @Test
  void oneModeOnlyIsNotPersistent() {
    // no run on the other mode: the test's variance is 0 and it refuses nothing
    assertFalse(ModeShift.persistent(new double[50]));
    double[] all = new double[50];
    Arrays.fill(all, 1);
    assertFalse(ModeShift.persistent(all));
  }

  @Test
  void theSwitchSizeIsTheDistanceBetweenTheModes() {
    // a third of 200 runs on a mode 8% faster (80 at a level of 1000), 0.2% noise
    for (long seed = 1; seed <= 5; seed++) {
      double[] other = drawnAfresh(seed * 31, 200, 1.0 / 3);
      List<double[]> points = series(seed, 200, 0.002, i -> 1000 * (other[i] == 1 ? 1.08 : 1));
      double gap = ModeShift.switchSize(SeriesAnalysis.of(points, DEFAULTS), new TreeSet<>());
      assertEquals(80, gap, 5, "seed " + seed);
    }
  }

  @Test
  void runsThatNeverVaryHaveNoSwitchSize() {
    // every first difference 0: no distance, and ModeShift.added gives up on a gap that is not > 0
    List<double[]> points = series(1, 60, 0, i -> 1000);
    double gap = ModeShift.switchSize(SeriesAnalysis.of(points, DEFAULTS), new TreeSet<>());
    assertFalse(gap > 0, "gap " + gap);
  }
}
