package io.benchlake.analytics.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/** The evidence of a step found inside a segment's line is that of the test it was kept by. */
class HiddenStepTest {
  @Test
  void aStepFoundInsideASegmentShowsThePValueOfItsStricterTest() {
    // 3 sigma between two 14-run segments: the partition often fits the 28 runs as one line, and
    // the step is then found inside it, kept with the whole history's autocorrelation as a floor.
    // Its evidence showed the plain re-check's p-value (the two segments' own autocorrelation),
    // smaller than the one it had to beat alpha with.
    int inside = 0;
    int stricter = 0;
    for (long seed = 1; seed <= 100; seed++) {
      List<double[]> points = DetectorTest.series(seed, 28, 0.01, i -> i < 14 ? 1000 : 1030);
      for (Detector.Change c : Detector.detect(points, Detector.Settings.DEFAULTS).changes()) {
        if (c.test() != Detector.Test.STEP_IN_SEGMENT) {
          assertEquals(Detector.Test.BETWEEN_CHANGES, c.test(), c.toString());
          continue;
        }
        inside++;
        assertEquals(mean(points, c.from(), c.index()), c.levelBefore(), 1e-6, c.toString());
        assertEquals(mean(points, c.index(), c.to()), c.levelAfter(), 1e-6, c.toString());
        double phi = c.autocorrelation();
        int n1 = c.index() - c.from();
        int n2 = c.to() - c.index();
        double se = c.noise() * Math.sqrt((1.0 / n1 + 1.0 / n2) * (1 + phi) / (1 - phi));
        assertEquals((c.levelAfter() - c.levelBefore()) / se, c.z(), 1e-9, c.toString());
        int positions = c.to() - c.from() - 2 * Detector.Settings.DEFAULTS.minSegment() + 1;
        double p = positions * 2 * new NormalDistribution().cumulativeProbability(-Math.abs(c.z()));
        assertEquals(p, c.pValue(), p * 1e-9, c.toString());
        assertTrue(c.pValue() < Detector.Settings.DEFAULTS.alpha(), c.toString());
        // the two segments' own autocorrelation, which the plain re-check takes
        double own = ownAutocorrelation(points, c.from(), c.index(), c.to());
        assertTrue(phi >= own - 1e-12, c + " own " + own);
        stricter += phi > own + 1e-6 ? 1 : 0;
      }
    }
    assertTrue(inside >= 5, "steps found inside a segment: " + inside);
    assertTrue(stricter >= 1, "none kept with a floor above its segments' own autocorrelation");
  }

  @Test
  void theReportNamesTheTestOfEachChange() {
    for (long seed = 1; seed <= 100; seed++) {
      List<double[]> points = DetectorTest.series(seed, 28, 0.01, i -> i < 14 ? 1000 : 1030);
      Detector.Result r = Detector.detect(points, Detector.Settings.DEFAULTS);
      if (r.changes().stream().anyMatch(c -> c.test() == Detector.Test.STEP_IN_SEGMENT)) {
        String text = ChangesReport.text(ChangesReportTest.result(points, Method.SEGMENTS, r));
        assertTrue(text.contains("\tstep-in-segment, autocorrelation 0."), text);
        assertTrue(text.contains("Test step-in-segment: z-test of a step inside a segment"), text);
        return;
      }
    }
    throw new AssertionError("no step found inside a segment in 100 histories");
  }

  private static double mean(List<double[]> points, int from, int to) {
    double s = 0;
    for (int i = from; i < to; i++) {
      s += points.get(i)[0];
    }
    return s / (to - from);
  }

  /** The lag-1 autocorrelation of the residuals around the two levels, pooled, in [0, 0.9]. */
  private static double ownAutocorrelation(List<double[]> points, int from, int c, int to) {
    double lag = 0;
    double sq = 0;
    for (int[] seg : new int[][] {{from, c}, {c, to}}) {
      double level = mean(points, seg[0], seg[1]);
      double prev = Double.NaN;
      for (int i = seg[0]; i < seg[1]; i++) {
        double r = points.get(i)[0] - level;
        if (!Double.isNaN(prev)) {
          lag += prev * r;
        }
        sq += r * r;
        prev = r;
      }
    }
    return Math.min(0.9, Math.max(0, lag / sq));
  }
}
