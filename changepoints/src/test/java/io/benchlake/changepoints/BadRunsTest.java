package io.benchlake.changepoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The bad runs of a history in time order at its end ({@link BadRuns#last}). */
class BadRunsTest {
  private static final Detector.Settings DEFAULTS = Detector.Settings.DEFAULTS;

  private static List<Integer> outliers(Detector.Result r) {
    return r.outliers().stream().map(Detector.Outlier::index).toList();
  }

  @Test
  void aLastRunFarFromThreeRunsThatAgreeIsSetAsideAtTheirLevel() {
    // 3 runs within 1σ of 1000 (σ 10, the limit 6σ), then one 18σ low
    for (int n = 2 * SeriesAnalysis.REACH + 1; n <= 10; n++) {
      double[] history = new double[n];
      Arrays.fill(history, 1000);
      history[n - 4] = 1010;
      history[n - 3] = 995;
      history[n - 2] = 1005;
      history[n - 1] = 820;
      OptionalDouble level = BadRuns.last(history, n, 60);
      assertTrue(level.isPresent(), n + " runs");
      assertEquals(1005, level.getAsDouble(), 1e-9, n + " runs: the median of the 3 before");
    }
    // in a whole history: 15 runs of 1% noise, the last 18% low (seed 42's history 93 of
    // bench/changes had its last run 18σ low)
    for (long seed = 1; seed <= 10; seed++) {
      List<double[]> points = SyntheticHistories.series(seed, 15, 0.01, i -> i < 14 ? 1000 : 820);
      Detector.Result r = Detector.detect(points, DEFAULTS);
      assertEquals(List.of(14), outliers(r), "seed " + seed);
      assertEquals(List.of(), r.changes(), "seed " + seed);
    }
  }

  @Test
  void theLastRunOfASteepDriftIsNoBadRun() {
    // 5σ a run: the last run is 10σ from the median of the 3 before it, but those span 10σ
    // themselves (they do not agree: their range is not under half its distance)
    double[] drift = new double[12];
    for (int i = 0; i < drift.length; i++) {
      drift[i] = 1000 + 50 * i;
    }
    assertFalse(BadRuns.last(drift, drift.length, 60).isPresent());
    for (long seed = 1; seed <= 10; seed++) {
      List<double[]> points = SyntheticHistories.series(seed, 20, 0.002, i -> 1000 + 10 * i);
      Detector.Result r = Detector.detect(points, DEFAULTS);
      assertFalse(outliers(r).contains(19), "seed " + seed + ": " + r.outliers());
    }
  }

  @Test
  void noLastRunIsSetAsideInAHistoryOfTwiceTheReachOrFewer() {
    // 18σ low after runs that agree: a bad run from 2·REACH + 1 runs on, never before
    for (int n = 2; n <= 2 * SeriesAnalysis.REACH + 1; n++) {
      double[] history = new double[n];
      Arrays.fill(history, 1000);
      history[n - 1] = 820;
      assertEquals(
          n > 2 * SeriesAnalysis.REACH, BadRuns.last(history, n, 60).isPresent(), n + " runs");
    }
    for (long seed = 1; seed <= 10; seed++) {
      for (int n = 4; n <= 2 * SeriesAnalysis.REACH; n++) {
        int last = n - 1;
        List<double[]> points =
            SyntheticHistories.series(seed, n, 0.01, i -> i < last ? 1000 : 820);
        Detector.Result r = Detector.detect(points, DEFAULTS);
        assertEquals(List.of(), outliers(r), "seed " + seed + ", " + n + " runs");
      }
    }
  }
}
