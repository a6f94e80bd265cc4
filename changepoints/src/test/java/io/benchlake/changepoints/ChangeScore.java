package io.benchlake.changepoints;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * How the change-point literature scores a detector on labelled series: the F1 measure of van den
 * Burg and Williams, "An Evaluation of Change Point Detection Algorithms" (2020, the TCPD
 * benchmark, TCPDBench's metrics.py). Point 0 counts as a change in the labels of every annotator
 * and in the predictions (so a detector that reports nothing still scores: precision 1, recall
 * 1/|labels|); a label is found when a prediction lies within {@code margin} points, each
 * prediction matching at most one label (the closest); precision is over the predictions matched to
 * the union of all annotators' labels, recall the mean over annotators.
 */
public final class ChangeScore {
  private ChangeScore() {}

  /** Precision, recall and their harmonic mean F1 of one series. */
  public record Score(double precision, double recall, double f1) {}

  /**
   * The score of {@code predictions} against the labels of each annotator, all point indices.
   *
   * @param margin the largest distance of a prediction from the label it finds (5 in TCPD)
   */
  public static Score of(
      List<? extends Collection<Integer>> annotators, Collection<Integer> predictions, int margin) {
    if (annotators.isEmpty()) {
      throw new IllegalArgumentException("no annotator");
    }
    TreeSet<Integer> x = withZero(predictions);
    TreeSet<Integer> all = new TreeSet<>();
    annotators.forEach(all::addAll);
    all.add(0);
    double precision = truePositives(all, x, margin) / (double) x.size();
    double recall = 0;
    for (Collection<Integer> labels : annotators) {
      TreeSet<Integer> t = withZero(labels);
      recall += truePositives(t, x, margin) / (double) t.size();
    }
    recall /= annotators.size();
    double f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
    return new Score(precision, recall, f1);
  }

  /** How many labels some prediction within {@code margin} found ({@link #matched}). */
  public static int truePositives(
      Collection<Integer> labels, Collection<Integer> predictions, int margin) {
    return matched(labels, predictions, margin).size();
  }

  /**
   * The labels found by some prediction within {@code margin}, each prediction used once: labels
   * are taken in order and each takes its closest unused prediction (the lower one on a tie).
   */
  public static Set<Integer> matched(
      Collection<Integer> labels, Collection<Integer> predictions, int margin) {
    TreeSet<Integer> free = new TreeSet<>(predictions);
    Set<Integer> found = new TreeSet<>();
    for (int tau : new TreeSet<>(labels)) {
      Integer below = free.floor(tau);
      Integer above = free.ceiling(tau);
      Integer best = null;
      if (below != null && tau - below <= margin) {
        best = below;
      }
      if (above != null && above - tau <= margin && (best == null || above - tau < tau - best)) {
        best = above;
      }
      if (best != null) {
        free.remove(best);
        found.add(tau);
      }
    }
    return found;
  }

  private static TreeSet<Integer> withZero(Collection<Integer> points) {
    TreeSet<Integer> s = new TreeSet<>(points);
    s.add(0);
    return s;
  }
}
