package io.benchlake.changepoints;

import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.Predicate;

/**
 * Otava's weak-change elimination ({@link Recheck}): the weakest failing change (the least |z|, the
 * first of equals; one whose test has no number is the weakest of all) is dropped and its
 * neighbours re-tested, until every change passes. A change's test depends on its neighbouring
 * changes alone, so only the two neighbours of a dropped change are tested again, and the failing
 * changes wait in order of weakness: each drop costs two tests and a logarithm, not a pass over
 * every change. By release every release start is a candidate, and a history of 1,000 releases of
 * one run had 1,000 rounds over up to 1,000 changes each (the re-check's share of its 725 ms).
 * Before the weakest is dropped, {@code rescue} may add a change beside it that lets it pass
 * ({@link Sides}): the added change and its two neighbours are then tested again instead.
 */
final class WeakestFirst {
  /** A failing change and how weak it is. */
  private record Weak(double z, int cut) {}

  private static final Comparator<Weak> WEAKEST =
      Comparator.comparingDouble(Weak::z).thenComparingInt(Weak::cut);

  private final IntFunction<Detector.Change> test;
  private final Predicate<Detector.Change> passes;
  private final TreeSet<Weak> failing = new TreeSet<>(WEAKEST);
  private final Map<Integer, Weak> failingAt = new HashMap<>();

  private WeakestFirst(IntFunction<Detector.Change> test, Predicate<Detector.Change> passes) {
    this.test = test;
    this.passes = passes;
  }

  /**
   * Drops from {@code cuts} the weakest change that does not {@code pass} its {@code test} (between
   * its neighbours in {@code cuts} as they are then), telling {@code dropped}, until every change
   * passes. Before each drop, {@code rescue} is asked for a change it added to {@code cuts} beside
   * the weakest (each at most once, so that this ends); where there is one, nothing is dropped
   * then.
   */
  static void drop(
      TreeSet<Integer> cuts,
      IntFunction<Detector.Change> test,
      Predicate<Detector.Change> passes,
      IntFunction<OptionalInt> rescue,
      IntConsumer dropped) {
    drop(cuts, test, passes, rescue, dropped, c -> c);
  }

  /**
   * {@link #drop(TreeSet, IntFunction, Predicate, IntFunction, IntConsumer)}, and after each drop
   * each of the two neighbours is offered to {@code replace}, which may move it in {@code cuts} to
   * another place between its own neighbours and returns where it is then; a moved change and its
   * new neighbours are tested again.
   */
  static void drop(
      TreeSet<Integer> cuts,
      IntFunction<Detector.Change> test,
      Predicate<Detector.Change> passes,
      IntFunction<OptionalInt> rescue,
      IntConsumer dropped,
      IntUnaryOperator replace) {
    WeakestFirst queue = new WeakestFirst(test, passes);
    Set<Integer> added = new HashSet<>();
    for (int c : cuts) {
      queue.judge(c);
    }
    while (!queue.failing.isEmpty()) {
      int weakest = queue.failing.pollFirst().cut();
      queue.failingAt.remove(weakest);
      OptionalInt rescued = rescue.apply(weakest);
      if (rescued.isPresent()) {
        int at = rescued.getAsInt();
        if (!cuts.contains(at) || !added.add(at)) {
          // a change added twice, or not at all, could keep the weakest from ever being dropped
          throw new IllegalStateException(
              "the rescue of the change at " + weakest + " added " + at);
        }
        for (Integer moved : new Integer[] {cuts.lower(at), at, cuts.higher(at)}) {
          queue.rejudge(moved);
        }
        continue;
      }
      Integer lower = cuts.lower(weakest);
      Integer higher = cuts.higher(weakest);
      cuts.remove(weakest);
      dropped.accept(weakest);
      lower = queue.replaced(cuts, lower, replace);
      higher = queue.replaced(cuts, higher, replace);
      queue.rejudge(lower);
      queue.rejudge(higher);
    }
  }

  /**
   * Where the change at c is once {@code replace} has had it (c itself when it stays); when it
   * moved, it leaves the queue and its new neighbours are tested again.
   */
  private Integer replaced(TreeSet<Integer> cuts, Integer c, IntUnaryOperator replace) {
    if (c == null) {
      return null;
    }
    Integer lower = cuts.lower(c);
    Integer higher = cuts.higher(c);
    int at = replace.applyAsInt(c);
    if (at == c) {
      return c;
    }
    if (!cuts.contains(at)
        || cuts.contains(c)
        || (lower != null && at <= lower)
        || (higher != null && at >= higher)) {
      // as for a rescue: a move must stay between the same neighbours, or the queue is wrong
      throw new IllegalStateException("the change at " + c + " was moved to " + at);
    }
    Weak was = failingAt.remove(c);
    if (was != null) {
      failing.remove(was);
    }
    rejudge(cuts.lower(at));
    rejudge(cuts.higher(at));
    return at;
  }

  /** Takes the change at c, if there is one, out of the queue, and tests it again. */
  private void rejudge(Integer c) {
    if (c == null) {
      return;
    }
    Weak was = failingAt.remove(c);
    if (was != null) {
      failing.remove(was);
    }
    judge(c);
  }

  /**
   * Tests the change at c and queues it when it fails: by |z|, a test with no number (a side of
   * outliers alone) as 0; a failing change of infinite z (a step of no noise under the minimum
   * change) is never the weakest, as no change is weaker than none.
   */
  private void judge(int c) {
    Detector.Change change = test.apply(c);
    if (passes.test(change)) {
      return;
    }
    double z = Double.isNaN(change.z()) ? 0 : Math.abs(change.z());
    if (z < Double.POSITIVE_INFINITY) {
      Weak w = new Weak(z, c);
      failing.add(w);
      failingAt.put(c, w);
    }
  }
}
