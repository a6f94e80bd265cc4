package io.benchlake.analytics.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RegressionsTest {
  static double[] noisy(Random r, int n, double mean, double cov) {
    double[] xs = new double[n];
    for (int i = 0; i < n; i++) {
      xs[i] = mean * (1 + cov * r.nextGaussian());
    }
    return xs;
  }

  static int found(int n, double drop, int seeds) {
    int count = 0;
    for (int seed = 0; seed < seeds; seed++) {
      Random r = new Random(seed);
      Verdict v =
          Regressions.judge(
              "T",
              8,
              "TPS",
              noisy(r, n, 1000, 0.02),
              noisy(r, n, 1000 * (1 - drop), 0.02),
              0.03,
              0.05);
      if (v.kind() == Verdict.Kind.regression) {
        count++;
      }
    }
    return count;
  }

  @Test
  void aTenPercentDropWithTwoPercentNoiseIsFoundWithThreeAndFiveIterations() {
    assertTrue(found(3, 0.10, 200) >= 190, "n=3: " + found(3, 0.10, 200) + " of 200");
    assertTrue(found(5, 0.10, 200) >= 190, "n=5: " + found(5, 0.10, 200) + " of 200");
  }

  @Test
  void noDropIsNotFlaggedInAtLeast95PercentOfSeeds() {
    assertTrue(found(3, 0, 200) <= 10, "n=3 false alarms: " + found(3, 0, 200));
    assertTrue(found(5, 0, 200) <= 10, "n=5 false alarms: " + found(5, 0, 200));
  }

  @Test
  void withOneIterationASideOnlyTheThresholdApplies() {
    Verdict v = Regressions.judge("T", 1, "TPS", new double[] {100}, new double[] {90}, 0.03, 0.05);
    assertEquals(Verdict.Kind.regression, v.kind());
    assertNull(v.pValue());
    assertTrue(v.note().contains("threshold only"));
  }

  @Test
  void lowerLatencyIsAnImprovement() {
    Verdict v =
        Regressions.judge(
            "T",
            1,
            "NEWORD_p99",
            new double[] {6.5, 6.6, 6.4},
            new double[] {3.6, 3.5, 3.7},
            0.03,
            0.05);
    assertEquals(Verdict.Kind.improvement, v.kind());
  }
}
