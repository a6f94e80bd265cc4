import io.benchlake.changepoints.ChangeScore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The scores of detectors on one mix of labelled histories (bench/changes): mean F1 as TCPD scores
 * it (ChangeScore, margin 5, point 0 counted), precision over every reported change, recall over the
 * counted steps; then, by the histories' shape and by their length, the mean F1, the false changes
 * and the counted steps found, so a reader sees where the misses are.
 */
final class MixScores {
  /** The lengths a history's recall is broken down by (the first point of each bin). */
  private static final int[] LENGTHS = {0, 20, 50, 100, 300};

  private MixScores() {}

  /** What one detector scored on a group of histories. */
  private static final class Tally {
    double f1;
    int series;
    int reported;
    int right;
    int countedFound;
    int countedAll;

    void add(ChangesHarness.Series s, List<Integer> found) {
      f1 += ChangeScore.of(List.of(s.steps()), found, 5).f1();
      series++;
      reported += found.size();
      right += ChangeScore.truePositives(found, s.steps(), 5);
      countedFound += ChangeScore.truePositives(s.counted(), found, 5);
      countedAll += s.counted().size();
    }

    double precision() {
      return reported == 0 ? 1.0 : right / (double) reported;
    }

    double recall() {
      return countedAll == 0 ? 1.0 : countedFound / (double) countedAll;
    }
  }

  static void print(
      List<ChangesHarness.Series> mix,
      Map<String, Function<List<double[]>, List<Integer>>> detectors) {
    System.out.printf(
        Locale.ROOT,
        "%-40s %8s %10s %8s %9s %8s %8s%n",
        "detector",
        "mean F1",
        "precision",
        "recall",
        "reported",
        "false",
        "seconds");
    Map<String, Map<String, Tally>> byShape = new TreeMap<>();
    Map<String, Map<String, Tally>> byLength = new TreeMap<>();
    for (var d : detectors.entrySet()) {
      Tally all = new Tally();
      long t0 = System.nanoTime();
      for (ChangesHarness.Series s : mix) {
        List<Integer> found = d.getValue().apply(s.points());
        all.add(s, found);
        tally(byShape, s.nuisance(), d.getKey()).add(s, found);
        tally(byLength, lengthBin(s.points().size()), d.getKey()).add(s, found);
      }
      double seconds = (System.nanoTime() - t0) / 1e9;
      System.out.printf(
          Locale.ROOT,
          "%-40s %8.3f %10.3f %8.3f %9d %8d %8.2f%n",
          d.getKey(),
          all.f1 / all.series,
          all.precision(),
          all.recall(),
          all.reported,
          all.reported - all.right,
          seconds);
    }
    breakdown("by shape", byShape);
    breakdown("by length (points)", byLength);
  }

  private static Tally tally(Map<String, Map<String, Tally>> by, String group, String detector) {
    return by.computeIfAbsent(group, k -> new LinkedHashMap<>())
        .computeIfAbsent(detector, k -> new Tally());
  }

  /** "  10-19", ..., "300+": the bin of a history of n points, sortable as text. */
  private static String lengthBin(int n) {
    for (int k = LENGTHS.length - 1; k >= 0; k--) {
      if (n >= LENGTHS[k]) {
        return k == LENGTHS.length - 1
            ? String.format(Locale.ROOT, "%4d+", LENGTHS[k])
            : String.format(Locale.ROOT, "%4d-%d", LENGTHS[k], LENGTHS[k + 1] - 1);
      }
    }
    throw new IllegalArgumentException("a negative length: " + n);
  }

  private static void breakdown(String title, Map<String, Map<String, Tally>> by) {
    System.out.println();
    System.out.println("mean F1 (false changes; counted steps found/counted) " + title + ":");
    for (var e : by.entrySet()) {
      StringBuilder line =
          new StringBuilder(String.format(Locale.ROOT, "  %-24s", e.getKey().strip()));
      for (var d : e.getValue().entrySet()) {
        Tally t = d.getValue();
        line.append(
            String.format(
                Locale.ROOT,
                "  %s %.3f (%d; %d/%d)",
                d.getKey().split(" ")[0],
                t.f1 / t.series,
                t.reported - t.right,
                t.countedFound,
                t.countedAll));
      }
      System.out.println(line);
    }
  }
}
