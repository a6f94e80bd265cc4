import io.benchlake.changepoints.ChangeScore;
import io.benchlake.changepoints.Detector;
import io.benchlake.changepoints.SeriesAnalysis;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * bench/changes-missed: a diagnostic of the default detector's recall on the mixes of bench/changes
 * (the same generator and seed): every counted step it misses, with the history's length and shape,
 * the step in units of the detector's noise σ, the runs on each side to the next true step or end,
 * and the stage that lost it: "no-candidate" (the optimal partition put no cut within the margin),
 * "dropped" (a candidate was there, the re-check dropped it), "taken" (a report is within the
 * margin, but the score matches one to one and another counted step took it) or "season" (a
 * season was taken out),
 * each marked "-in-trend" when a trend was reported over the step (a staircase taken for a line);
 * and the z and p-value of the re-check's test at the true place between the true neighbours. Then
 * the counts by stage, by runs on the shorter side and by step size. The candidates and the test
 * are package-private in the detector: read here by reflection (a diagnostic, not an API); the test
 * is given no pooled spread (its noise the larger of σ and the two true segments' own spread).
 * Usage: java MissedSteps [SERIES [SEED [main|release [SETTINGS]]]]   (SETTINGS as bench/changes)
 */
public class MissedSteps {
  public static void main(String[] args) throws Exception {
    int count = args.length > 0 ? Integer.parseInt(args[0]) : 600;
    long seed = args.length > 1 ? Long.parseLong(args[1]) : 20261205L;
    boolean release = args.length > 2 && args[2].equals("release");
    Detector.Settings settings =
        args.length > 3 ? ChangesHarness.settings(args[3]) : Detector.Settings.DEFAULTS;
    SplittableRandom r = new SplittableRandom(seed);
    List<ChangesHarness.Series> mix = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      mix.add(ChangesHarness.generate(r.split()));
    }
    if (release) {
      mix.clear();
      for (int i = 0; i < count; i++) {
        mix.add(ReleaseHistories.generate(r.split()));
      }
    }
    Method candidates = SeriesAnalysis.class.getDeclaredMethod("candidates");
    candidates.setAccessible(true);
    Method sigma = SeriesAnalysis.class.getDeclaredMethod("sigma");
    sigma.setAccessible(true);
    Class<?> stepEvidence = Class.forName("io.benchlake.changepoints.StepEvidence");
    Method test =
        stepEvidence.getDeclaredMethod(
            "betweenChanges", SeriesAnalysis.class, double.class, int.class, int.class, int.class);
    test.setAccessible(true);
    Map<String, Integer> byStage = new TreeMap<>();
    Map<String, Integer> bySide = new TreeMap<>();
    Map<String, Integer> bySize = new TreeMap<>();
    int missed = 0;
    int counted = 0;
    System.out.println("series n shape step/sigma before after stage z p");
    for (int k = 0; k < mix.size(); k++) {
      ChangesHarness.Series s = mix.get(k);
      SeriesAnalysis a =
          s.releases()
              .map(rel -> SeriesAnalysis.of(s.points(), rel, settings))
              .orElseGet(() -> SeriesAnalysis.of(s.points(), settings));
      Detector.Result result = a.result();
      List<Integer> found = result.changes().stream().map(Detector.Change::index).toList();
      @SuppressWarnings("unchecked")
      List<Integer> cand = (List<Integer>) candidates.invoke(a);
      double sd = (double) sigma.invoke(a);
      TreeSet<Integer> all = new TreeSet<>(s.steps());
      Set<Integer> matched = ChangeScore.matched(s.counted(), found, 5);
      for (int c : s.counted()) {
        counted++;
        if (matched.contains(c)) {
          continue;
        }
        missed++;
        int lo = all.lower(c) == null ? 0 : all.lower(c);
        int hi = all.higher(c) == null ? s.points().size() : all.higher(c);
        boolean inTrend = result.trends().stream().anyMatch(t -> t.from() < c && c < t.to());
        // a report within the margin that another counted step took (the score matches one to one)
        boolean taken = ChangeScore.truePositives(List.of(c), found, 5) > 0;
        String stage =
            (result.season() != null
                    ? "season"
                    : taken
                        ? "taken"
                        : ChangeScore.truePositives(List.of(c), cand, 5) > 0
                            ? "dropped"
                            : "no-candidate")
                + (inTrend ? "-in-trend" : "");
        Detector.Change t = (Detector.Change) test.invoke(null, a, 0.0, lo, c, hi);
        double jump = (mean(s.points(), c, hi) - mean(s.points(), lo, c)) / sd;
        System.out.printf(
            Locale.ROOT,
            "%d %d %s %.1f %d %d %s %.2f %.2g%n",
            k,
            s.points().size(),
            s.nuisance(),
            jump,
            c - lo,
            hi - c,
            stage,
            t.z(),
            t.pValue());
        byStage.merge(stage, 1, Integer::sum);
        int side = Math.min(c - lo, hi - c);
        bySide.merge(side < 5 ? " <5" : side < 10 ? " 5-9" : side < 20 ? "10-19" : "20+", 1, Integer::sum);
        double j = Math.abs(jump);
        bySize.merge(j < 3 ? "<3" : j < 4 ? "3-4" : j < 6 ? "4-6" : "6+", 1, Integer::sum);
      }
    }
    System.out.printf(Locale.ROOT, "missed %d of %d counted%n", missed, counted);
    System.out.println("by stage " + byStage);
    System.out.println("by runs on the shorter side " + bySide);
    System.out.println("by step / sigma " + bySize);
  }

  private static double mean(List<double[]> points, int from, int to) {
    double sum = 0;
    for (int i = from; i < to; i++) {
      double[] p = points.get(i);
      double m = 0;
      for (double v : p) {
        m += v;
      }
      sum += m / p.length;
    }
    return sum / (to - from);
  }
}
