package io.benchlake.analytics.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
        its[j] = v * (1 + cov * DetectorTest.gaussian(r));
      }
      points.add(its);
    }
    return points;
  }

  @Test
  void appendingGivesExactlyWhatTheWholeHistoryGives() {
    SplittableRandom r = new SplittableRandom(25);
    for (int trial = 0; trial < 60; trial++) {
      int n = 10 + r.nextInt(300);
      List<double[]> all = random(r, n);
      SeriesAnalysis growing =
          SeriesAnalysis.of(all.subList(0, 1 + r.nextInt(n)), Detector.Settings.DEFAULTS);
      int at = growing.points();
      while (at < n) {
        int more = Math.min(n - at, 1 + r.nextInt(5));
        growing.append(all.subList(at, at + more));
        at += more;
        assertEquals(
            Detector.detect(all.subList(0, at), Detector.Settings.DEFAULTS),
            growing.result(),
            "trial " + trial + " at " + at);
      }
    }
  }

  @Test
  void appendingGivesExactlyWhatTheWholeHistoryGivesOrderedByRelease() {
    SplittableRandom r = new SplittableRandom(26);
    for (int trial = 0; trial < 60; trial++) {
      int n = 10 + r.nextInt(300);
      List<double[]> all = random(r, n);
      Releases releases = ReleaseSegmentsTest.randomReleases(r, n);
      int first = 1 + r.nextInt(n);
      SeriesAnalysis growing =
          SeriesAnalysis.of(
              all.subList(0, first), releases.upTo(first), Detector.Settings.DEFAULTS);
      int at = growing.points();
      while (at < n) {
        int more = Math.min(n - at, 1 + r.nextInt(5));
        at += more;
        growing.append(all.subList(at - more, at), releases.upTo(at));
        assertEquals(
            Detector.detect(all.subList(0, at), releases.upTo(at), Detector.Settings.DEFAULTS),
            growing.result(),
            "trial " + trial + " at " + at);
      }
    }
  }

  @Test
  void appendingOneRunToAThousandRecomputesOnlyTheTail() {
    // steps, noise 1%, no season: one new run leaves σ on its step of the grid
    List<double[]> all =
        DetectorTest.series(7, 1001, 0.01, i -> 1000 * Math.pow(1.05, (i + 100) / 200));
    SeriesAnalysis whole = SeriesAnalysis.of(all, Detector.Settings.DEFAULTS);
    SeriesAnalysis grown = SeriesAnalysis.of(all.subList(0, 1000), Detector.Settings.DEFAULTS);
    grown.append(all.subList(1000, 1001));
    assertEquals(1000 - SeriesAnalysis.REACH, grown.recomputedFrom());
    assertEquals(whole.result(), grown.result());
    assertEquals(5, grown.result().changes().size(), grown.result().toString());
    // the cost, for the record (not asserted: timings vary with the machine)
    long full = Long.MAX_VALUE;
    long tail = Long.MAX_VALUE;
    for (int round = 0; round < 20; round++) {
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
