package io.benchlake.changepoints;

import static io.benchlake.changepoints.SyntheticHistories.series;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * Seasons found by classical decomposition ({@link Seasonality#decomposed}) and kept only when a
 * step model and the pattern fitted together still show it (SeriesAnalysis's joint fit).
 */
class SeasonDecompositionTest {
  private static final Detector.Settings DEFAULTS = Detector.Settings.DEFAULTS;

  @Test
  void stepsThatHideASeasonAreFoundWithIt() {
    // a cycle of 38.2 runs, 2.25 sigma, and three steps of 3-4 sigma over 600 runs (as
    // bench/changes
    // seed 20261205 draws its series 507): around the changes kept, the cycle was folded on 37 runs
    // and two of the steps were lost to its swings, or around one line the steps hid the cycle and
    // its autocorrelation then widened every step's test
    IntToDoubleFunction cycle = i -> 1 + 0.09 * Math.sin(2 * Math.PI * i / 38.2 + 1);
    IntToDoubleFunction levels = i -> 1000 * (i < 115 ? 1 : i < 143 ? 0.85 : i < 309 ? 1 : 0.87);
    for (long seed = 1; seed <= 5; seed++) {
      Detector.Result r =
          Detector.detect(
              series(seed, 600, 0.04, i -> levels.applyAsDouble(i) * cycle.applyAsDouble(i)),
              DEFAULTS);
      assertNotNull(r.season(), "seed " + seed + ": " + r);
      assertEquals(38.2, r.season().period(), 0.3, "seed " + seed);
      List<Integer> found = r.changes().stream().map(Detector.Change::index).toList();
      for (int step : List.of(115, 143, 309)) {
        assertTrue(
            found.stream().anyMatch(c -> Math.abs(c - step) <= 2),
            "seed " + seed + ": the step at " + step + " in " + found);
      }
    }
  }

  @Test
  void aFewStepsAreNotACycle() {
    // less its moving average over p runs, a step is a sawtooth of p runs: three steps of 6-10
    // sigma in 900 runs folded on 146 passed for a cycle, and its turns for seven more changes
    // (bench/changes seed 20261205, series 385); with the steps, the residuals show no cycle
    IntToDoubleFunction levels =
        i -> 1000 * (i < 354 ? 1 : 1.1) * (i < 585 ? 1 : 0.92) * (i < 793 ? 1 : 1.06);
    for (long seed = 1; seed <= 5; seed++) {
      Detector.Result r = Detector.detect(series(seed, 900, 0.01, levels), DEFAULTS);
      assertNull(r.season(), "seed " + seed + ": " + r.season());
      assertEquals(
          List.of(354, 585, 793),
          r.changes().stream().map(Detector.Change::index).toList(),
          "seed " + seed + ": " + r);
    }
  }
}
