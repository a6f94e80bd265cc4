package io.benchlake.changepoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.Repetitions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SeriesAnalysisTest {
  /** A random history: steps, an occasional bad run, sometimes a drift or a season. */
  static List<double[]> random(SplittableRandom r, int n) {
    List<double[]> points = new ArrayList<>();
    double level = 1000;
    double drift = r.nextInt(3) == 0 ? r.nextDouble() - 0.5 : 0;
    int period = r.nextInt(3) == 0 ? 5 + r.nextInt(20) : 0;
    double cov = 0.002 + 0.05 * r.nextDouble();
    int iterations = 1 + r.nextInt(4);
    for (int i = 0; i < n; i++) {
      if (r.nextInt(40) == 0) {
        level *= 1 + (r.nextBoolean() ? 1 : -1) * (0.02 + 0.2 * r.nextDouble());
      }
      double v = level + drift * i + (period > 0 ? 30 * Math.sin(2 * Math.PI * i / period) : 0);
      if (r.nextInt(50) == 0) {
        v *= 0.7;
      }
      double[] its = new double[iterations];
      for (int j = 0; j < iterations; j++) {
        its[j] = v * (1 + cov * SyntheticHistories.gaussian(r));
      }
      points.add(its);
    }
    return points;
  }

  @Test
  void appendingGivesExactlyWhatTheWholeHistoryGives() {
    appendsGiveWhatTheWholeHistoryGives(25, false);
  }

  @Test
  void appendingGivesExactlyWhatTheWholeHistoryGivesOrderedByRelease() {
    appendsGiveWhatTheWholeHistoryGives(26, true);
  }

  /**
   * 60 random histories (with random releases when {@code byRelease}; 10 without -Pfull-random),
   * each analysed from a random start on with appends of 1 to 5 runs: after each, the result of the
   * whole history so far.
   */
  private static void appendsGiveWhatTheWholeHistoryGives(long seed, boolean byRelease) {
    SplittableRandom r = new SplittableRandom(seed);
    for (int trial = 0; trial < Repetitions.of(60, 10); trial++) {
      int n = 10 + r.nextInt(300);
      List<double[]> all = random(r, n);
      Optional<Releases> releases =
          byRelease ? Optional.of(ReleaseSegmentsTest.randomReleases(r, n)) : Optional.empty();
      SeriesAnalysis growing = analysed(all, 1 + r.nextInt(n), releases);
      int at = growing.points();
      while (at < n) {
        int more = Math.min(n - at, 1 + r.nextInt(5));
        List<double[]> runs = all.subList(at, at + more);
        at += more;
        int upTo = at;
        releases.ifPresentOrElse(
            rel -> growing.append(runs, rel.upTo(upTo)), () -> growing.append(runs));
        assertEquals(
            analysed(all, at, releases).result(), growing.result(), "trial " + trial + " at " + at);
      }
    }
  }

  /**
   * A last run 18σ low is a bad run ({@link BadRuns#last}); runs appended one at a time at its
   * level make it a step: each append recomputes the tail, the old last run in it, whose test
   * lapses once it is no longer last, and gives what the whole history gives. 60 runs before it, so
   * that the penalty (3 ln n up to 55 runs) stays and the appends recompute only the tail.
   */
  @Test
  void aBadLastRunThatTheNextRunsConfirmBecomesAStep() {
    int bad = 60;
    for (long seed = 1; seed <= Repetitions.of(10, 3); seed++) {
      List<double[]> all =
          SyntheticHistories.series(seed, bad + 6, 0.01, i -> i < bad ? 1000 : 820);
      SeriesAnalysis growing = analysed(all, bad + 1, Optional.empty());
      assertEquals(List.of(bad), outliers(growing.result()), "seed " + seed);
      assertEquals(List.of(), growing.result().changes(), "seed " + seed);
      int tails = 0;
      for (int at = bad + 2; at <= all.size(); at++) {
        growing.append(all.subList(at - 1, at));
        tails += growing.recomputedFrom() > 0 ? 1 : 0;
        Detector.Result whole = analysed(all, at, Optional.empty()).result();
        assertEquals(whole, growing.result(), "seed " + seed + " at " + at);
        // no longer last, the bad run is judged on both sides: the runs after it are at its level
        assertFalse(outliers(whole).contains(bad), "seed " + seed + " at " + at);
        if (at >= bad + Detector.Settings.DEFAULTS.minSegment()) {
          // a segment of the minimum's runs at the new level: the step is reported
          assertEquals(
              List.of(bad),
              whole.changes().stream().map(Detector.Change::index).toList(),
              "seed " + seed + " at " + at);
        }
      }
      assertTrue(tails > 0, "seed " + seed + ": every append recomputed everything");
    }
  }

  private static List<Integer> outliers(Detector.Result r) {
    return r.outliers().stream().map(Detector.Outlier::index).toList();
  }

  /** The first {@code runs} runs of a history analysed whole, with their releases if any. */
  private static SeriesAnalysis analysed(
      List<double[]> all, int runs, Optional<Releases> releases) {
    List<double[]> points = all.subList(0, runs);
    return releases
        .map(rel -> SeriesAnalysis.of(points, rel.upTo(runs), Detector.Settings.DEFAULTS))
        .orElseGet(() -> SeriesAnalysis.of(points, Detector.Settings.DEFAULTS));
  }

  @Test
  void appendingOneRunToAThousandRecomputesOnlyTheTail() {
    // steps, noise 1%, no season: one new run leaves σ on its step of the grid
    List<double[]> all =
        SyntheticHistories.series(7, 1001, 0.01, i -> 1000 * Math.pow(1.05, (i + 100) / 200));
    SeriesAnalysis whole = SeriesAnalysis.of(all, Detector.Settings.DEFAULTS);
    SeriesAnalysis grown = SeriesAnalysis.of(all.subList(0, 1000), Detector.Settings.DEFAULTS);
    grown.append(all.subList(1000, 1001));
    assertEquals(1000 - SeriesAnalysis.REACH, grown.recomputedFrom());
    assertEquals(whole.result(), grown.result());
    assertEquals(5, grown.result().changes().size(), grown.result().toString());
    // the cost, for the record (not asserted: timings vary with the machine)
    long full = Long.MAX_VALUE;
    long tail = Long.MAX_VALUE;
    for (int round = 0; round < Repetitions.of(20, 2); round++) {
      long t0 = System.nanoTime();
      SeriesAnalysis b = SeriesAnalysis.of(all.subList(0, 1000), Detector.Settings.DEFAULTS);
      long t1 = System.nanoTime();
      b.append(all.subList(1000, 1001));
      tail = Math.min(tail, System.nanoTime() - t1);
      full = Math.min(full, t1 - t0);
    }
    System.out.printf(
        Locale.ROOT,
        "1,000-run history: analysed whole in %.2f ms; one more run appended in %.2f ms%n",
        full / 1e6,
        tail / 1e6);
  }
}
