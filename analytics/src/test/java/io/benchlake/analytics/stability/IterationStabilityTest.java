package io.benchlake.analytics.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

class IterationStabilityTest {
  private static final StabilityThresholds S = StabilityThresholds.DEFAULTS;

  /** {@code n} 10 s intervals whose throughput is {@code level(i)} with 1% noise. */
  static List<IterationStability.Interval> intervals(int n, IntToDoubleFunction level) {
    Random noise = new Random(n);
    List<IterationStability.Interval> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double v = level.applyAsDouble(i) * (1 + 0.01 * noise.nextGaussian());
      out.add(new IterationStability.Interval(10.0 * (i + 1), 10, v));
    }
    return out;
  }

  @Test
  void steadyIntervalsAreStable() {
    IterationStability.Verdict v = IterationStability.check(1, intervals(60, i -> 1000), S);
    assertTrue(v.checked());
    assertFalse(v.unstable(), v.problems().toString());
    assertEquals(60, v.intervals());
    assertTrue(v.covPct() < 2, "CoV " + v.covPct());
  }

  @Test
  void anIntervalUnderATenthOfTheMedianIsAStall() {
    IterationStability.Verdict v =
        IterationStability.check(2, intervals(60, i -> i == 40 || i == 41 ? 50 : 1000), S);
    assertTrue(v.unstable());
    assertEquals(List.of(410.0, 420.0), v.stallOffsets());
    assertTrue(
        v.problems().get(0).startsWith("2 stalls (intervals under 10% of the median"),
        v.problems().toString());
  }

  @Test
  void aRisingFirstThirdIsAWarmUpThatHadNotEnded() {
    IterationStability.Verdict v =
        IterationStability.check(1, intervals(60, i -> i < 20 ? 800 + 10 * i : 1000), S);
    assertTrue(v.unstable());
    assertTrue(v.warmupP() < 0.001, "p " + v.warmupP());
    assertTrue(v.warmupChangePct() > 15, "change " + v.warmupChangePct());
    assertTrue(
        v.problems().stream().anyMatch(p -> p.startsWith("warm-up not ended: the first 20")),
        v.problems().toString());
  }

  @Test
  void aSmallTrendInTheFirstThirdIsNoWarmUpProblem() {
    // significant but only 2% across the first third: under the 5% change it needs
    IterationStability.Verdict v =
        IterationStability.check(1, intervals(90, i -> i < 30 ? 980 + 0.7 * i : 1000), S);
    assertTrue(
        v.problems().stream().noneMatch(p -> p.startsWith("warm-up")), v.problems().toString());
  }

  @Test
  void alternatingIntervalsHaveTooHighACov() {
    IterationStability.Verdict v =
        IterationStability.check(1, intervals(40, i -> i % 2 == 0 ? 700 : 1300), S);
    assertTrue(v.unstable());
    assertEquals(1, v.problems().size(), v.problems().toString());
    assertTrue(v.problems().get(0).startsWith("interval CoV 30."), v.problems().toString());
  }

  @Test
  void fewerThanThirtyIntervalsAreNotChecked() {
    IterationStability.Verdict v =
        IterationStability.check(1, intervals(29, i -> i == 5 ? 1 : 1000), S);
    assertFalse(v.checked());
    assertFalse(v.unstable());
  }

  @Test
  void partialFirstAndLastIntervalsAreLeftOut() {
    List<IterationStability.Interval> in = new ArrayList<>();
    in.add(new IterationStability.Interval(2, 2, 30)); // 2 s of a 10 s interval: partial
    in.addAll(
        intervals(40, i -> 1000).stream()
            .map(x -> new IterationStability.Interval(x.offsetS() + 2, 10, x.throughput()))
            .toList());
    in.add(new IterationStability.Interval(405, 3, 20));
    IterationStability.Verdict v = IterationStability.check(1, in, S);
    assertEquals(40, v.intervals());
    assertFalse(v.unstable(), v.problems().toString());
  }

  @Test
  void mannKendallGivesTheNormalApproximationsPValue() {
    // 10 rising values: S = 45, Var = 10*9*25/18 = 125, z = 44/sqrt(125) = 3.9355, p = 8.30e-5
    double[] x = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    assertEquals(8.30e-5, IterationStability.mannKendallP(x), 0.02e-5);
    assertEquals(1.0, IterationStability.mannKendallP(new double[] {5, 5, 5, 5}));
    assertEquals(2.0, IterationStability.senSlope(new double[] {1, 3, 5, 100, 9}), 1e-9);
  }

  @Test
  void theThresholdsComeFromTheSettings() {
    StabilityThresholds loose = new StabilityThresholds(20, 0.10, 0.01, 0.05, 0.5);
    IterationStability.Verdict v =
        IterationStability.check(1, intervals(25, i -> i % 2 == 0 ? 700 : 1300), loose);
    assertTrue(v.checked());
    assertFalse(v.unstable(), v.problems().toString());
  }
}
