package io.benchlake.changepoints;

import static io.benchlake.changepoints.Detector.Settings.DEFAULTS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The test of a shift of a trend's line ({@link StepInTrend}). */
class StepInTrendTest {
  @Test
  void aShiftIsNoTestWhereTheAutocorrelationReachesTheCapAlsoInTheRecheck() {
    // 40 runs drifting 1 sigma a run, 10 sigma lower from run 25: a clear shift of the line. The
    // cap was applied only where a shift was admitted; re-checked with the long-run
    // autocorrelation as a floor (StepInTrend.at), a shift at the cap was tested, and kept
    SeriesAnalysis a =
        SeriesAnalysis.of(
            SyntheticHistories.series(1, 40, 0.01, i -> 1000 + 10 * i - (i >= 25 ? 100 : 0)),
            DEFAULTS);
    Detector.Change tested = StepInTrend.at(a, 0, 0, 0, 25, 40).orElseThrow();
    assertTrue(tested.pValue() < DEFAULTS.alpha(), tested.toString());
    Detector.Change capped = StepInTrend.at(a, 0, StepInTrend.CAPPED, 0, 25, 40).orElseThrow();
    assertEquals(StepInTrend.CAPPED, capped.autocorrelation(), capped.toString());
    assertEquals(1, capped.pValue(), capped.toString());
  }
}
