package io.benchlake.changepoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The weak-change elimination drops the changes a pass over every change each round drops, in the
 * same order, testing each change again only when a neighbour goes or comes (a change added beside
 * the weakest, as {@link Sides} adds one).
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
      List<String> expectedOrder = new ArrayList<>();
      plain(
          expected,
          c -> change(salt, expected, c),
          ch -> passes(ch, threshold),
          rescue(salt, expected, new TreeSet<>(), expectedOrder),
          expectedOrder);
      List<String> order = new ArrayList<>();
      int[] tests = {0};
      WeakestFirst.drop(
          cuts,
          c -> {
            tests[0]++;
            return change(salt, cuts, c);
          },
          ch -> passes(ch, threshold),
          rescue(salt, cuts, new TreeSet<>(), order),
          c -> order.add("dropped " + c));
      assertEquals(expectedOrder, order, "history " + k);
      assertEquals(expected, cuts, "history " + k);
      long rescues = order.stream().filter(e -> e.startsWith("added")).count();
      assertTrue(tests[0] <= size + 2 * order.size() + rescues, tests[0] + " tests of " + size);
    }
  }

  /**
   * Now and then adds the run after the weakest change as a change beside it, once per place, and
   * says so in {@code order}.
   */
  private static IntFunction<OptionalInt> rescue(
      long salt, TreeSet<Integer> cuts, Set<Integer> tried, List<String> order) {
    return c -> {
      int at = c + 1;
      if (new SplittableRandom(salt ^ c).nextInt(4) != 0 || cuts.contains(at) || !tried.add(at)) {
        return OptionalInt.empty();
      }
      cuts.add(at);
      order.add("added " + at);
      return OptionalInt.of(at);
    };
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

  /**
   * The elimination as the re-check had it: every change tested, the weakest failing dropped unless
   * a change is added beside it.
   */
  private static void plain(
      TreeSet<Integer> cuts,
      IntFunction<Detector.Change> test,
      Predicate<Detector.Change> passes,
      IntFunction<OptionalInt> rescue,
      List<String> order) {
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
      if (rescue.apply(weakest).isPresent()) {
        continue;
      }
      cuts.remove(weakest);
      order.add("dropped " + weakest);
    }
  }
}
