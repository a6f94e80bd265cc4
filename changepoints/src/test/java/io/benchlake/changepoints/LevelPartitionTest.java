package io.benchlake.changepoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.Repetitions;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The pruned partition into levels is the plain optimal partitioning's, to the last bit. */
class LevelPartitionTest {
  @Test
  void thePrunedSearchFindsThePlainSearchsPartitionAndCost() {
    SplittableRandom r = new SplittableRandom(20261205);
    long[] evaluations = new long[2]; // pruned, plain
    int emptyWindows = 0; // histories with minimum segments of outliers only (their cost is NaN)
    int histories = Repetitions.of(400, 80);
    for (int k = 0; k < histories; k++) {
      int n = 2 + r.nextInt(399);
      int m = 2 + r.nextInt(5);
      double penalty = r.nextInt(4) == 0 ? 12 : 0.5 + 30 * r.nextDouble();
      SeriesAnalysis a =
          SeriesAnalysis.of(history(r, n), new Detector.Settings(penalty, 1e-4, 0.02, m, 6));
      emptyWindows += hasEmptyWindow(a, n, m) ? 1 : 0;
      compareOn(r, a, "history " + k + " of " + n + " runs, m " + m, evaluations);
    }
    assertTrue(
        emptyWindows >= histories / 80,
        "histories with a segment of outliers only: " + emptyWindows + " of " + histories);
    assertTrue(
        evaluations[0] < evaluations[1] / 2,
        "evaluated " + evaluations[0] + " segment costs, plainly " + evaluations[1]);
  }

  /**
   * By release only release starts are searched, and a start dominated at an end is dropped from
   * the first end after a counted run: the same partition and cost as without pruning, on histories
   * of releases of 1 to 6 runs or of one run each, bad runs (whole releases of them) and all.
   */
  @Test
  void thePrunedSearchByReleaseFindsThePlainSearchsPartitionAndCost() {
    SplittableRandom r = new SplittableRandom(1205);
    long[] evaluations = new long[2]; // pruned, plain
    for (int k = 0; k < Repetitions.of(300, 60); k++) {
      int n = 2 + r.nextInt(299);
      double penalty = r.nextInt(4) == 0 ? 12 : 0.5 + 30 * r.nextDouble();
      Releases releases =
          r.nextBoolean()
              ? ReleaseSegmentsTest.randomReleases(r, n)
              : ReleaseSegmentsTest.releasesOf(ones(n));
      SeriesAnalysis a =
          SeriesAnalysis.of(
              history(r, n), releases, new Detector.Settings(penalty, 1e-4, 0.02, 3, 6));
      compareOn(r, a, "history " + k + " of " + n + " runs, " + releases, evaluations);
    }
    assertTrue(
        evaluations[0] < evaluations[1] / 2,
        "evaluated " + evaluations[0] + " segment costs, plainly " + evaluations[1]);
  }

  /**
   * The pruned search against the plain one over four ranges of a's history (the whole, then at
   * random), at σ and at a random noise each; adds the segment costs each evaluated to {@code
   * evaluations} (pruned, plain).
   */
  private static void compareOn(
      SplittableRandom r, SeriesAnalysis a, String history, long[] evaluations) {
    int n = a.points();
    for (int range = 0; range < 4; range++) {
      int lo = range == 0 ? 0 : r.nextInt(n);
      int hi = range == 0 ? n : lo + 1 + r.nextInt(n - lo);
      for (double noise : new double[] {a.sigma(), a.sigma() * (0.1 + 3 * r.nextDouble())}) {
        String what = history + ", [" + lo + ", " + hi + ")";
        LevelPartition want = plain(a, lo, hi, noise);
        LevelPartition got = LevelPartition.of(a, lo, hi, noise);
        assertEquals(want.cuts(), got.cuts(), what);
        assertEquals(
            Double.doubleToLongBits(want.cost()), Double.doubleToLongBits(got.cost()), what);
        evaluations[0] += got.evaluations();
        evaluations[1] += want.evaluations();
      }
    }
  }

  private static int[] ones(int n) {
    int[] runs = new int[n];
    java.util.Arrays.fill(runs, 1);
    return runs;
  }

  @Test
  void aLongLineIsCutIntoLevelsInAboutLinearTime() {
    // the staircase a line of 5,000 runs may hide, as HiddenStep asks it: plainly 12.5 million
    // segment costs
    SplittableRandom r = new SplittableRandom(7);
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      points.add(new double[] {1000 + 0.5 * i + 10 * SyntheticHistories.gaussian(r)});
    }
    SeriesAnalysis a = SeriesAnalysis.of(points, Detector.Settings.DEFAULTS);
    LevelPartition got = LevelPartition.of(a, 0, 5000, a.sigma());
    LevelPartition want = plain(a, 0, 5000, a.sigma());
    assertEquals(want.cuts(), got.cuts());
    assertEquals(want.cost(), got.cost(), 0);
    assertTrue(got.cuts().size() > 100, got.cuts().size() + " levels");
    assertTrue(got.evaluations() < 50 * 5000, got.evaluations() + " segment costs evaluated");
  }

  /**
   * Levels with steps of up to 10 sigma, sometimes a slope, on a scale from near zero to far from
   * it; sometimes rounded (runs of equal values cost exactly nothing), sometimes with bad runs,
   * alone or two in a row (the outlier rule sets both aside).
   */
  private static List<double[]> history(SplittableRandom r, int n) {
    double base =
        switch (r.nextInt(3)) {
          case 0 -> 0;
          case 1 -> 1000;
          default -> 1e7;
        };
    double sigma = Math.pow(10, r.nextInt(4) - 1);
    double slope = r.nextInt(3) == 0 ? sigma * (r.nextDouble() - 0.5) : 0;
    double grain = r.nextInt(4) == 0 ? sigma * (0.5 + 2 * r.nextDouble()) : 0;
    double badRuns = r.nextInt(3) == 0 ? 0.05 : 0;
    double level = base;
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (r.nextInt(40) == 0) {
        level += sigma * 10 * (2 * r.nextDouble() - 1);
      }
      double v = level + slope * i + sigma * SyntheticHistories.gaussian(r);
      if (grain > 0) {
        v = Math.rint(v / grain) * grain;
      }
      points.add(new double[] {v});
    }
    for (int i = 1; i + 2 < n; i++) {
      if (r.nextDouble() < badRuns) {
        double off = sigma * (20 + 20 * r.nextDouble()) * (r.nextBoolean() ? 1 : -1);
        points.get(i)[0] += off;
        if (r.nextBoolean()) {
          points.get(++i)[0] += off;
        }
      }
    }
    return points;
  }

  private static boolean hasEmptyWindow(SeriesAnalysis a, int n, int m) {
    for (int i = 0; i + m <= n; i++) {
      if (a.fit(i, i + m, false).points() == 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Optimal partitioning without pruning (as HiddenStep.levels was): every start at every end; by
   * release, every release start that splits [lo, hi) at every end that may end a segment.
   */
  private static LevelPartition plain(SeriesAnalysis a, int lo, int hi, double noise) {
    int m = a.settings().minSegment();
    boolean byRelease = a.byRelease();
    int len = hi - lo;
    double[] cost = new double[len + 1];
    int[] last = new int[len + 1];
    double scale = 1 / (noise * noise);
    long evaluations = 0;
    for (int t = 1; t <= len; t++) {
      cost[t] = Double.POSITIVE_INFINITY;
      boolean ends =
          byRelease ? a.segment(lo, lo + t) && (t == len || a.splits(lo, lo + t, hi)) : t >= m;
      if (!ends) {
        continue;
      }
      cost[t] = a.fit(lo, lo + t, false).rss() * scale;
      evaluations++;
      for (int s = 1; s < t; s++) {
        if (byRelease ? !a.splits(lo, lo + s, lo + t) : s < m || s > t - m) {
          continue;
        }
        double c = cost[s] + a.fit(lo + s, lo + t, false).rss() * scale + a.penalty();
        evaluations++;
        if (c < cost[t]) {
          cost[t] = c;
          last[t] = s;
        }
      }
    }
    List<Integer> cuts = new ArrayList<>();
    for (int t = last[len]; t > 0; t = last[t]) {
      cuts.add(0, lo + t);
    }
    return new LevelPartition(cuts, cost[len], evaluations);
  }
}
