package io.benchlake.changepoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ChangePointsTest {
  private static final double ALPHA = 0.001;

  /** A history of {@code n} points of 3 iterations with shifts at {@code at} of {@code by}. */
  private static List<double[]> history(
      SplittableRandom r, int n, double cov, List<Integer> at, List<Double> by) {
    List<double[]> points = new ArrayList<>();
    double level = 1000;
    for (int i = 0; i < n; i++) {
      int k = at.indexOf(i);
      if (k >= 0) {
        level *= 1 + by.get(k);
      }
      double[] its = new double[3];
      for (int j = 0; j < 3; j++) {
        its[j] = level * (1 + cov * gaussian(r));
      }
      points.add(its);
    }
    return points;
  }

  private static double gaussian(SplittableRandom r) {
    // Box-Muller from the seeded generator, so every history is reproducible
    return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
  }

  @Test
  void aFlatSeriesHasNoChangeAndAStepHasOneWhereItIs() {
    SplittableRandom r = new SplittableRandom(1);
    assertEquals(
        List.of(), ChangePoints.detect(history(r, 100, 0.02, List.of(), List.of()), ALPHA, 3));
    List<ChangePoints.Change> one =
        ChangePoints.detect(history(r, 100, 0.02, List.of(60), List.of(-0.10)), ALPHA, 3);
    assertEquals(1, one.size(), one.toString());
    assertEquals(60, one.get(0).index());
    assertEquals(-10, one.get(0).changePct(), 1.5);
    assertEquals(
        ChangePoints.detect(
            history(new SplittableRandom(5), 80, 0.02, List.of(40), List.of(0.1)), ALPHA, 3),
        ChangePoints.detect(
            history(new SplittableRandom(5), 80, 0.02, List.of(40), List.of(0.1)), ALPHA, 3),
        "deterministic");
  }

  /** Synthetic histories with known shifts: precision and recall, printed; goal 0.95 each. */
  @Test
  void precisionAndRecallOnSyntheticHistoriesAreAtLeast95Percent() {
    SplittableRandom r = new SplittableRandom(20261203);
    int truePositives = 0;
    int found = 0;
    int actual = 0;
    for (int h = 0; h < 200; h++) {
      int n = 50 + r.nextInt(451);
      double shiftSize = 0.05 + 0.15 * r.nextDouble();
      double cov = shiftSize / (2.5 + 2.5 * r.nextDouble()); // each shift ≥ 2.5× the noise CoV
      // 0..3 shifts, at least 15 points apart and from the ends (n = 50 has room for 2)
      int shifts = Math.min(r.nextInt(4), 1 + (n - 31) / 15);
      TreeSet<Integer> at = new TreeSet<>();
      for (int attempt = 0; at.size() < shifts && attempt < 1000; attempt++) {
        int c = 15 + r.nextInt(Math.max(1, n - 30));
        if ((at.floor(c) == null || c - at.floor(c) >= 15)
            && (at.ceiling(c) == null || at.ceiling(c) - c >= 15)) {
          at.add(c);
        }
      }
      List<Double> by = new ArrayList<>();
      for (int i = 0; i < at.size(); i++) {
        double s = shiftSize * (0.8 + 0.4 * r.nextDouble());
        by.add(r.nextBoolean() ? s : -s);
      }
      List<ChangePoints.Change> detected =
          ChangePoints.detect(history(r, n, cov, new ArrayList<>(at), by), ALPHA, 3);
      actual += at.size();
      found += detected.size();
      TreeSet<Integer> unmatched = new TreeSet<>(at); // each true shift matches one detection
      for (ChangePoints.Change c : detected) {
        Integer near = unmatched.floor(c.index() + 2);
        if (near != null && Math.abs(near - c.index()) <= 2) {
          truePositives++;
          unmatched.remove(near);
        }
      }
    }
    double precision = found == 0 ? 1 : truePositives / (double) found;
    double recall = actual == 0 ? 1 : truePositives / (double) actual;
    System.out.printf(
        Locale.ROOT,
        "change points on 200 synthetic histories: %d true shifts, %d found, %d right (±2 points):"
            + " precision %.3f, recall %.3f%n",
        actual,
        found,
        truePositives,
        precision,
        recall);
    assertTrue(precision >= 0.95, "precision " + precision);
    assertTrue(recall >= 0.95, "recall " + recall);
  }
}
