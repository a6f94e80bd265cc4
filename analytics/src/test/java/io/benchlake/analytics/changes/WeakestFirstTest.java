package io.benchlake.analytics.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The weak-change elimination drops the changes a pass over every change each round drops, in the
 * same order, testing each change again only when a neighbour goes.
 */
class WeakestFirstTest {
  @Test
  void dropsWhatAPassOverEveryChangeDropsInTheSameOrder() {
    SplittableRandom r = new SplittableRandom(25);
    for (int k = 0; k < 500; k++) {
      TreeSet<Integer> cuts = new TreeSet<>();
      int size = r.nextInt(60);
      for (int i = 0; i < size; i++) {
        cuts.add(1 + r.nextInt(200));
      }
      long salt = r.nextLong();
      double threshold = 1 + 3 * r.nextDouble();
      TreeSet<Integer> expected = new TreeSet<>(cuts);
      List<Integer> expectedOrder = new ArrayList<>();
      plain(expected, c -> change(salt, expected, c), ch -> passes(ch, threshold), expectedOrder);
      List<Integer> order = new ArrayList<>();
      int[] tests = {0};
      WeakestFirst.drop(
          cuts,
          c -> {
            tests[0]++;
            return change(salt, cuts, c);
          },
          ch -> passes(ch, threshold),
          order::add);
      assertEquals(expectedOrder, order, "history " + k);
      assertEquals(expected, cuts, "history " + k);
      assertTrue(tests[0] <= size + 2 * order.size(), tests[0] + " tests of " + size);
    }
  }

  /**
   * A change whose z depends on its neighbours alone, as the re-check's: now and then no number
   * (NaN), an infinite one, or ties.
   */
  private static Detector.Change change(long salt, TreeSet<Integer> cuts, int c) {
    Integer lower = cuts.lower(c);
    Integer higher = cuts.higher(c);
    SplittableRandom r =
        new SplittableRandom(
            salt
                ^ (31L * (lower == null ? -1 : lower) + c) * 1_000_003L
                    + (higher == null ? -1 : higher));
    double z =
        switch (r.nextInt(20)) {
          case 0 -> Double.NaN;
          case 1 -> Double.POSITIVE_INFINITY;
          case 2 -> 2.5;
          default -> (r.nextBoolean() ? 1 : -1) * 6 * r.nextDouble();
        };
    double pct = r.nextInt(10) == 0 ? 0.5 : 5;
    return new Detector.Change(c, 0, 0, pct, 0, 0, z, 0, 0, 0, 1, Detector.Test.BETWEEN_CHANGES, 0);
  }

  private static boolean passes(Detector.Change ch, double threshold) {
    return Math.abs(ch.z()) > threshold && ch.changePct() >= 2;
  }

  /** The elimination as the re-check had it: every change tested, the weakest failing dropped. */
  private static void plain(
      TreeSet<Integer> cuts,
      IntFunction<Detector.Change> test,
      Predicate<Detector.Change> passes,
      List<Integer> order) {
    while (true) {
      Integer weakest = null;
      double weakestZ = Double.POSITIVE_INFINITY;
      for (int c : cuts) {
        Detector.Change ch = test.apply(c);
        double z = Double.isNaN(ch.z()) ? 0 : Math.abs(ch.z());
        if (!passes.test(ch) && z < weakestZ) {
          weakest = c;
          weakestZ = z;
        }
      }
      if (weakest == null) {
        return;
      }
      cuts.remove(weakest);
      order.add(weakest);
    }
  }
}
