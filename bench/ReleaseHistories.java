import io.benchlake.changepoints.Releases;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * bench/changes' second mix: release histories, as a performance engineer has them across releases
 * (`benchlake changes --by release`: every run of every release a point, in release order), for the
 * goal of issue 25 "on the synthetic release histories precision and recall >= 0.95". Scored and
 * printed apart from the main mix (ChangesHarness), which it leaves as it is.
 *
 * <p>The mix, fixed from the words before any detector ran on it (do not change it to fit
 * a detector):
 *
 * <ul>
 *   <li>8 to 25 releases (uniform);
 *   <li>1 to 10 runs per release (uniform, one number per history: a benchmark protocol), but one
 *       release in five has fewer, 1 to that many (uniform: a campaign cut short); each run is a
 *       point, of 1 to 10 iterations (uniform per history);
 *   <li>run-to-run noise CoV 0.5-5% (log-uniform); the iterations of one run scatter 20-60% as much
 *       around their run's mean (as in the main mix);
 *   <li>changes only at release boundaries (the first run of a release): in one history in four
 *       none at all (a quiet product line), in the others each boundary is a change with
 *       probability 1/5, of 2-30% (log-uniform) up or down (even odds), relative to the level
 *       before it; two changes may be in consecutive releases, however few runs those have;
 *   <li>one history in four has one bad run (15-50% low, as the main mix's outliers) at a random
 *       run.
 * </ul>
 *
 * Recall is counted as in the main mix: over the changes of at least 3 sigma and 2% (sigma: the
 * run-to-run noise of a run's mean); the smaller ones are labelled but not counted against recall.
 * A history's shape, for the breakdown, is its runs per release ("1-2 runs/release", "3-5", "6-10")
 * and whether it has a bad run. Each history keeps where its releases start (from the runs drawn
 * per release, drawing nothing more), as `changes --by release` gives them to the detector.
 */
final class ReleaseHistories {
  private ReleaseHistories() {}

  /** One labelled release history. */
  static ChangesHarness.Series generate(SplittableRandom r) {
    int releases = 8 + r.nextInt(18);
    int runsPerRelease = 1 + r.nextInt(10);
    int iterations = 1 + r.nextInt(10);
    double cov = Math.exp(Math.log(0.005) + r.nextDouble() * Math.log(10));
    double iterationCov = cov * (0.2 + 0.4 * r.nextDouble());
    double sigma = Math.sqrt(cov * cov + iterationCov * iterationCov / iterations);
    boolean quiet = r.nextInt(4) == 0;
    boolean badRun = r.nextInt(4) == 0;
    // the runs of each release, then where each release starts
    int[] runs = new int[releases];
    int n = 0;
    for (int k = 0; k < releases; k++) {
      runs[k] = r.nextInt(5) == 0 ? 1 + r.nextInt(runsPerRelease) : runsPerRelease;
      n += runs[k];
    }
    TreeMap<Integer, Double> stepAt = new TreeMap<>();
    List<Integer> counted = new ArrayList<>();
    int start = 0;
    for (int k = 0; k < releases; k++) {
      if (k > 0 && !quiet && r.nextInt(5) == 0) {
        double size = Math.exp(Math.log(0.02) + r.nextDouble() * Math.log(15));
        double by = r.nextBoolean() ? size : -size;
        stepAt.put(start, by);
        if (size >= 0.02 && size >= 3 * sigma) {
          counted.add(start);
        }
      }
      start += runs[k];
    }
    int bad = badRun ? r.nextInt(n) : -1;
    double level = 1000;
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      level *= 1 + stepAt.getOrDefault(i, 0.0);
      double shape = i == bad ? 1 - (0.15 + 0.35 * r.nextDouble()) : 1;
      double run = level * shape * (1 + cov * ChangesHarness.gaussian(r));
      double[] its = new double[iterations];
      for (int j = 0; j < iterations; j++) {
        its[j] = run * (1 + iterationCov * ChangesHarness.gaussian(r));
      }
      points.add(its);
    }
    String per = runsPerRelease <= 2 ? "1-2" : runsPerRelease <= 5 ? "3-5" : "6-10";
    String shape = per + " runs/release" + (badRun ? ", bad run" : "");
    return new ChangesHarness.Series(
        shape, points, new ArrayList<>(stepAt.keySet()), counted, Optional.of(starts(runs)));
  }

  /** Where each release starts, from the runs of each release. */
  static Releases starts(int[] runs) {
    int[] starts = new int[runs.length];
    for (int k = 1; k < runs.length; k++) {
      starts[k] = starts[k - 1] + runs[k - 1];
    }
    return new Releases(starts);
  }
}
