package io.benchlake.changepoints;

import static io.benchlake.changepoints.SyntheticHistories.gaussian;
import static io.benchlake.changepoints.SyntheticHistories.series;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/** The default detector on small labelled histories of one value per run, at its defaults. */
class DetectorTest {
  private static final Detector.Settings DEFAULTS = Detector.Settings.DEFAULTS;

  @Test
  void noChangeInNoiseAlone() {
    for (long seed = 1; seed <= 20; seed++) {
      Detector.Result r = Detector.detect(series(seed, 200, 0.03, i -> 1000), DEFAULTS);
      assertEquals(List.of(), r.changes(), "seed " + seed);
      assertEquals(List.of(), r.trends(), "seed " + seed);
    }
  }

  @Test
  void aFlatNoisyHistoryOfAThousandRunsReportsNothing() {
    // a thousand runs give a thousand places for noise to look like a step: the test of each
    // change must allow for every position it could have taken
    for (long seed = 1; seed <= 5; seed++) {
      Detector.Result r = Detector.detect(series(seed, 1000, 0.02, i -> 1000), DEFAULTS);
      assertEquals(List.of(), r.changes(), "seed " + seed);
      assertEquals(List.of(), r.trends(), "seed " + seed);
    }
  }

  @Test
  void runsOnTwoModesAreNeitherOutliersNorSteps() {
    // two plans: 3 runs in 10 are 8% faster, the noise of each mode 0.5%. Runs of the fast mode
    // look like outliers one by one; taken for bad runs, their spread was left out and two of them
    // side by side passed for a step (62 false changes in 30 such histories)
    for (long seed = 1; seed <= 10; seed++) {
      SplittableRandom mode = new SplittableRandom(seed * 7919);
      double[] plan = new double[300];
      for (int i = 0; i < plan.length; i++) {
        plan[i] = mode.nextDouble() < 0.3 ? 1080 : 1000;
      }
      Detector.Result r = Detector.detect(series(seed, 300, 0.005, i -> plan[i]), DEFAULTS);
      assertEquals(List.of(), r.changes(), "seed " + seed);
    }
  }

  @Test
  void aStepIsFoundWhereItIsWithItsEvidence() {
    Detector.Result r = Detector.detect(series(3, 120, 0.01, i -> i < 70 ? 1000 : 920), DEFAULTS);
    assertEquals(1, r.changes().size(), r.toString());
    Detector.Change c = r.changes().get(0);
    assertEquals(70, c.index(), 1);
    assertEquals(-8, c.changePct(), 0.8);
    assertTrue(c.ciLowPct() < -8 && -8 < c.ciHighPct(), c.toString());
    assertTrue(c.pValue() < 1e-10, c.toString());
    assertEquals(0, c.from());
    assertEquals(120, c.to());
    assertEquals(10, c.noise(), 3); // 1% of 1000, within the grid's step
  }

  @Test
  void aStepInTenRunsIsFound() {
    Detector.Result r = Detector.detect(series(4, 10, 0.01, i -> i < 5 ? 1000 : 1100), DEFAULTS);
    assertEquals(List.of(5), r.changes().stream().map(Detector.Change::index).toList());
  }

  @Test
  void aChangeInTheLastThreeRunsIsFound() {
    // 8% (8 sigma) in the newest 3 runs: with a minimum segment of 5 runs it could not be placed
    // until 2 more runs came, the runs an alert is for
    for (long seed = 1; seed <= 20; seed++) {
      Detector.Result r =
          Detector.detect(series(seed, 27, 0.01, i -> i < 24 ? 1000 : 1080), DEFAULTS);
      assertEquals(
          List.of(24), r.changes().stream().map(Detector.Change::index).toList(), "seed " + seed);
    }
  }

  @Test
  void aReleaseOfThreeRunsBetweenTwoChangesIsFound() {
    // releases of 3 runs each, the fourth 10% faster and the fifth back: both changes are placed,
    // 3 runs apart
    for (long seed = 1; seed <= 20; seed++) {
      Detector.Result r =
          Detector.detect(series(seed, 24, 0.01, i -> i >= 9 && i < 12 ? 1100 : 1000), DEFAULTS);
      assertEquals(
          List.of(9, 12),
          r.changes().stream().map(Detector.Change::index).toList(),
          "seed " + seed + ": " + r);
    }
  }

  @Test
  void shortNoisyHistoriesReportNothing() {
    // the minimum segment of 3 runs is no licence for short-lived noise: the re-check's test
    // (Bonferroni over the positions) still keeps 6 to 30 runs of noise alone quiet, where σ has
    // the fewest differences and the levels' spread the most weight in the test's noise
    for (int n : new int[] {6, 8, 10, 12, 20, 30}) {
      for (long seed = 1; seed <= 40; seed++) {
        Detector.Result r = Detector.detect(series(seed, n, 0.02, i -> 1000), DEFAULTS);
        assertEquals(List.of(), r.changes(), n + " runs, seed " + seed + ": " + r);
      }
    }
  }

  @Test
  void aShortStepIsNotHiddenInALine() {
    // 3 sigma between two 14-run segments: the partition may fit the 28 runs as one line at no
    // extra cost, and a slope too weak for a trend hid the step (found in 48 of 100 such
    // histories; with the step inside a segment re-checked, 61)
    int found = 0;
    for (long seed = 1; seed <= 100; seed++) {
      Detector.Result r =
          Detector.detect(series(seed, 28, 0.01, i -> i < 14 ? 1000 : 1030), DEFAULTS);
      found += r.changes().stream().anyMatch(c -> c.index() == 14) ? 1 : 0;
    }
    assertTrue(found >= 58, "found in " + found + " of 100");
  }

  @Test
  void aShortDriftIsNotCutIntoAStep() {
    // a line of 14 runs, 0.4 sigma a run: the best split of it into two levels differs by about
    // 3 sigma, but its line fits better, so it is no step. Where the noise makes two levels fit
    // it better than its line by the 3² sigma² a step must gain over a line (HiddenStep), the
    // history is a step by every rule of the detector (seed 38: 10 runs at 1021, then 4 at 1059,
    // 11.8 sigma² better than the line), so the drift is asserted only where its line fits
    // better, which is nearly always
    int lines = 0;
    for (long seed = 1; seed <= 40; seed++) {
      List<double[]> points = series(seed, 14, 0.01, i -> 1000 + 4 * i);
      if (stepBeatsLine(points, 10, DEFAULTS.minSegment())) {
        continue;
      }
      lines++;
      Detector.Result r = Detector.detect(points, DEFAULTS);
      assertEquals(List.of(), r.changes(), "seed " + seed + ": " + r);
    }
    assertTrue(lines >= 38, "histories whose line fits better: " + lines + " of 40");
  }

  /**
   * Whether two levels, each of at least {@code minSegment} runs, fit the history better than its
   * line by at least 3² noise² (noise the CoV times 1000).
   */
  static boolean stepBeatsLine(List<double[]> points, double noise, int minSegment) {
    int n = points.size();
    double[] y = points.stream().mapToDouble(p -> p[0]).toArray();
    double mx = (n - 1) / 2.0;
    double my = java.util.Arrays.stream(y).average().orElseThrow();
    double sxy = 0;
    double sxx = 0;
    for (int i = 0; i < n; i++) {
      sxy += (i - mx) * (y[i] - my);
      sxx += (i - mx) * (i - mx);
    }
    double line = 0;
    for (int i = 0; i < n; i++) {
      double r = y[i] - my - sxy / sxx * (i - mx);
      line += r * r;
    }
    double best = Double.POSITIVE_INFINITY;
    for (int c = minSegment; c <= n - minSegment; c++) {
      best = Math.min(best, rss(y, 0, c) + rss(y, c, n));
    }
    return line - best >= 9 * noise * noise;
  }

  private static double rss(double[] y, int from, int to) {
    double m = java.util.Arrays.stream(y, from, to).average().orElseThrow();
    double s = 0;
    for (int i = from; i < to; i++) {
      s += (y[i] - m) * (y[i] - m);
    }
    return s;
  }

  @Test
  void theLastRunsOfAShortDriftAreNotAStep() {
    // 20 runs drifting 0.6 sigma a run: the last 3 or 4 runs, a level too short for a slope of its
    // own, were compared with the runs before them, a level too, and passed for a step in 11 of
    // 200 histories; a change next to a side that short must also beat the line through both
    int changes = 0;
    for (long seed = 1; seed <= 200; seed++) {
      changes +=
          Detector.detect(series(seed, 20, 0.01, i -> 1000 + 6 * i), DEFAULTS).changes().size();
    }
    assertTrue(changes <= 6, "changes in 200 drifting histories: " + changes);
  }

  @Test
  void aStepNearTheEndOfADriftIsFound() {
    // 30 runs drifting 1 sigma a run, 4 sigma lower from run 25: the partition fits the drift as
    // one line, two levels split it where it crosses its mean, and the last 5 runs are a level
    // the re-check compared with the drift as though it had stopped. Found as a shift of the
    // trend's line (StepInTrend): at run 25 in none of 40 histories before, 20 now
    int found = foundIn40(n -> series(n, 30, 0.01, i -> 1000 + 10 * i - (i >= 25 ? 40 : 0)), 25);
    assertTrue(found >= 16, "found in " + found + " of 40");
  }

  @Test
  void aSteepShortDriftHasNoShiftInItsLine() {
    // drifts of 2 and 5 sigma a run over 11 to 30 runs, no step: the shift of a trend's line is
    // tested with σ pooled with the residuals' spread and Student's t; as a z-test with either as
    // the known noise, 29 shifts in 10,800 such histories of 10 to 100 runs (none now)
    for (int n : new int[] {11, 14, 20, 30}) {
      for (double slope : new double[] {20, 50}) {
        for (long seed = 1; seed <= 50; seed++) {
          Detector.Result r =
              Detector.detect(series(seed, n, 0.01, i -> 1000 + slope * i), DEFAULTS);
          assertTrue(
              r.changes().stream().noneMatch(c -> c.test() == Detector.Test.STEP_IN_TREND),
              n + " runs, " + slope + " a run, seed " + seed + ": " + r);
        }
      }
    }
  }

  @Test
  void aShortHistoryIsChargedMbicsPenaltyPerChange() {
    // MBIC's 3 ln n per change, at most the penalty set: 12 asked a history of 18 runs more than
    // MBIC's 8.7, and a staircase of two 3.5 sigma steps, 6 runs each, was one line (a trend):
    // found at its first step in 4 of 40 histories, 9 now
    assertEquals(
        3 * Math.log(18), SeriesAnalysis.of(series(1, 18, 0.01, i -> 1000), DEFAULTS).penalty());
    assertEquals(12, SeriesAnalysis.of(series(1, 100, 0.01, i -> 1000), DEFAULTS).penalty());
    int found = foundIn40(n -> series(n, 18, 0.01, i -> i < 6 ? 1000 : i < 12 ? 1035 : 1070), 6);
    assertTrue(found >= 9, "found in " + found + " of 40");
  }

  /** In how many of the histories of seeds 1 to 40 a change is reported at {@code at}. */
  private static int foundIn40(java.util.function.LongFunction<List<double[]>> history, int at) {
    int found = 0;
    for (long seed = 1; seed <= 40; seed++) {
      found +=
          Detector.detect(history.apply(seed), DEFAULTS).changes().stream()
                  .anyMatch(c -> c.index() == at)
              ? 1
              : 0;
    }
    return found;
  }

  @Test
  void aStaircaseIsNotALine() {
    // three releases of 5 runs, each 4% (4 sigma) below the one before: the partition fits the 15
    // runs as one line (a trend) 80 times in 100, each step too small against its slope to be
    // found alone; found as the two steps in 11 of 100 before the staircase was tried, now 20
    int found = 0;
    for (long seed = 1; seed <= 100; seed++) {
      Detector.Result r =
          Detector.detect(series(seed, 15, 0.01, i -> 1000 - 40 * (i / 5)), DEFAULTS);
      found +=
          r.changes().stream().map(Detector.Change::index).toList().equals(List.of(5, 10)) ? 1 : 0;
    }
    assertTrue(found >= 17, "found in " + found + " of 100");
  }

  @Test
  void aStepSmallerThanTheMinimumChangeIsNotReported() {
    List<double[]> s = series(5, 200, 0.002, i -> i < 100 ? 1000 : 1015); // 1.5%, 7.5 sigma
    assertEquals(List.of(), Detector.detect(s, DEFAULTS).changes());
    assertEquals(1, Detector.detect(s, DEFAULTS.withMinChange(0.01)).changes().size());
  }

  @Test
  void aSlowDriftIsOneTrendNotAStaircase() {
    // +30% over 300 runs, noise 1%: piecewise means would need a dozen steps
    Detector.Result r = Detector.detect(series(6, 300, 0.01, i -> 1000 + i), DEFAULTS);
    assertEquals(List.of(), r.changes(), r.toString());
    assertEquals(1, r.trends().size(), r.toString());
    Detector.Trend t = r.trends().get(0);
    assertEquals(0, t.from());
    assertEquals(300, t.to());
    assertEquals(1, t.slope(), 0.05); // per run
  }

  @Test
  void oneBadRunIsAnOutlierNotTwoChanges() {
    Detector.Result r = Detector.detect(series(7, 60, 0.01, i -> i == 30 ? 700 : 1000), DEFAULTS);
    assertEquals(List.of(), r.changes(), r.toString());
    assertEquals(1, r.outliers().size());
    assertEquals(30, r.outliers().get(0).index());
    assertEquals(-30, r.outliers().get(0).deviationPct(), 3);
  }

  @Test
  void seasonalityIsNeitherAChangeNorHidesOne() {
    IntToDoubleFunction weekly = i -> 1000 * (1 + 0.04 * Math.sin(2 * Math.PI * i / 12));
    Detector.Result calm = Detector.detect(series(8, 240, 0.01, weekly), DEFAULTS);
    assertEquals(List.of(), calm.changes(), calm.toString());
    assertNotNull(calm.season(), calm.toString());
    assertEquals(12, calm.season().period(), 0, "a weekly cycle is a whole number of runs");
    assertOnlyTheStepIsFound(
        series(8, 240, 0.01, i -> weekly.applyAsDouble(i) * (i < 150 ? 1 : 1.05)), 150);
  }

  /** The one change found in {@code points} is at {@code at}. */
  private static void assertOnlyTheStepIsFound(List<double[]> points, int at) {
    Detector.Result r = Detector.detect(points, DEFAULTS);
    assertEquals(
        List.of(at), r.changes().stream().map(Detector.Change::index).toList(), r.toString());
  }

  @Test
  void aSeasonOfAFractionalNumberOfRunsIsFoundAndTheStepsBetweenIt() {
    // folded on 14 runs, a cycle of 13.8 drifts out of phase and was not found: its swings hid
    // the steps or moved them to a swing's edge
    IntToDoubleFunction cycle = i -> 1000 * (1 + 0.02 * Math.sin(2 * Math.PI * i / 13.8));
    Detector.Result r =
        Detector.detect(
            series(6, 300, 0.01, i -> cycle.applyAsDouble(i) * (i < 100 ? 1 : i < 200 ? 1.035 : 1)),
            DEFAULTS);
    assertNotNull(r.season(), r.toString());
    assertEquals(13.8, r.season().period(), 0.1);
    assertEquals(List.of(100, 200), r.changes().stream().map(Detector.Change::index).toList());
  }

  @Test
  void runsThatNeverVaryStillShowTheirStep() {
    Detector.Result r = Detector.detect(series(9, 20, 0, i -> i < 10 ? 100 : 110), DEFAULTS);
    assertEquals(List.of(10), r.changes().stream().map(Detector.Change::index).toList());
    assertNull(r.season());
  }

  @Test
  void theIterationsOfARunDoNotMakeItsDifferencesSignificant() {
    // each run's 10 iterations agree to 0.1%, while runs differ by 3%: no change
    SplittableRandom r = new SplittableRandom(10);
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      double run = 1000 * (1 + 0.03 * gaussian(r));
      double[] its = new double[10];
      for (int j = 0; j < its.length; j++) {
        its[j] = run * (1 + 0.001 * gaussian(r));
      }
      points.add(its);
    }
    assertEquals(List.of(), Detector.detect(points, DEFAULTS).changes());
    assertTrue(ChangePoints.detect(points, 0.001, 3).size() > 5, "today's method pools them");
  }

  @Test
  void aHistoryThatCrossesZeroGivesChangesInItsOwnScale() {
    // standardised scores around 0, then 2 higher: a percentage of a level near 0 is any number
    // at all (it was +4,894% here), so the change is in % of the history's typical magnitude
    SplittableRandom g = new SplittableRandom(11);
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < 80; i++) {
      points.add(new double[] {(i < 40 ? 0 : 2) + 0.3 * gaussian(g)});
    }
    Detector.Result r = Detector.detect(points, DEFAULTS);
    assertEquals(List.of(40), r.changes().stream().map(Detector.Change::index).toList());
    Detector.Change c = r.changes().get(0);
    double magnitude = // the median |value|: between the runs near 0 and those near 2
        NoiseScale.median(points.stream().mapToDouble(p -> Math.abs(p[0])).toArray());
    double step = c.levelAfter() - c.levelBefore();
    assertEquals(2, step, 0.3, c.toString());
    assertEquals(step / magnitude * 100, c.changePct(), 1e-9, c.toString());
    assertTrue(c.ciLowPct() < c.changePct() && c.changePct() < c.ciHighPct(), c.toString());
  }

  @Test
  void aNegativeHistoryStepsInPercentOfItsLevel() {
    // every run of one sign is a ratio scale whatever the sign: -1000 to -1100 is -10%
    Detector.Result r =
        Detector.detect(series(12, 60, 0.01, i -> i < 30 ? -1000 : -1100), DEFAULTS);
    assertEquals(List.of(30), r.changes().stream().map(Detector.Change::index).toList());
    assertEquals(-10, r.changes().get(0).changePct(), 1);
  }

  @Test
  void aMonthlySawtoothIsASeasonNotAChangeAtEveryTurn() {
    // a balance paid in every 30 days and spent down between (TCPD's bank): the pattern is far
    // larger than the noise, changes followed its every turn and left nothing of it around them
    IntToDoubleFunction month = i -> 1000 * (1.15 - 0.15 * (i % 30) / 29.0);
    Detector.Result r = Detector.detect(series(13, 300, 0.005, month), DEFAULTS);
    assertEquals(List.of(), r.changes(), r.toString());
    assertNotNull(r.season(), r.toString());
    assertEquals(30, r.season().period(), 0.5);
    assertOnlyTheStepIsFound(
        series(13, 300, 0.005, i -> month.applyAsDouble(i) * (i < 200 ? 1 : 0.9)), 200);
  }
}
