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

  @Test
  void severalRunsASideAreComparedByTheirMeansNotByPooledIterations() {
    // runs scatter 3% around 1000; each run's iterations agree to 0.1%; the candidate's two runs
    // happen to sit 2.9% lower: iterations say "significant", the run-to-run noise says no
    Regressions.Side base =
        new Regressions.Side(new double[] {1000, 1030, 985}, new double[] {985.2, 984.9, 985.1});
    Regressions.Side cand =
        new Regressions.Side(new double[] {1000, 970}, new double[] {956.1, 956.4, 955.9});
    Verdict byRuns = Regressions.judge("T", 8, "TPS", base, cand, 0.02, 0.05);
    assertEquals(Verdict.Kind.no_change, byRuns.kind());
    assertEquals(3, byRuns.baselineN());
    assertEquals(2, byRuns.candidateN());
    assertEquals(1005, byRuns.baselineMean(), 1e-9);
    assertTrue(byRuns.note().contains("run means of 3 and 2 runs"), byRuns.note());
    Verdict byIterations =
        Regressions.judge(
            "T", 8, "TPS", base.latestIterations(), cand.latestIterations(), 0.02, 0.05);
    assertEquals(Verdict.Kind.regression, byIterations.kind());
  }

  @Test
  void oneRunOnASideIsComparedByIterationsAndSaysTheyUnderstateTheNoise() {
    Regressions.Side base =
        new Regressions.Side(new double[] {1000, 1010}, new double[] {1009, 1010, 1011});
    Regressions.Side cand = new Regressions.Side(new double[] {900}, new double[] {899, 900, 901});
    Verdict v = Regressions.judge("T", 8, "TPS", base, cand, 0.02, 0.05);
    assertEquals(Verdict.Kind.regression, v.kind());
    assertEquals(3, v.baselineN());
    assertTrue(v.note().contains("understates the run-to-run noise"), v.note());
  }
}
