package io.benchlake.alerts.confirm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ConfirmVerdictTest {
  private static final double[] BEFORE = {1000, 1010, 990, 1005, 995, 1000};

  @Test
  void aDropTheReRunsShowOnTheAlertsSideIsConfirmed() {
    double[] after = {600, 610, 590, 605, 595, 600};
    ConfirmVerdict v = ConfirmVerdict.judge(-40, -42.0, -38.0, BEFORE, after);
    assertEquals(ConfirmVerdict.Verdict.confirmed, v.verdict());
    assertEquals(-40, v.changePct(), 0.01);
    assertTrue(v.ciHighPct() < 0, v.toString());
  }

  @Test
  void reRunsWithoutTheDropRefuteIt() {
    double[] after = {1001, 1009, 991, 1004, 996, 1001};
    ConfirmVerdict v = ConfirmVerdict.judge(-40, -42.0, -38.0, BEFORE, after);
    assertEquals(ConfirmVerdict.Verdict.refuted, v.verdict());
  }

  @Test
  void noisyReRunsAreInconclusive() {
    double[] after = {500, 1500, 700, 1300, 900, 1000};
    assertEquals(
        ConfirmVerdict.Verdict.inconclusive,
        ConfirmVerdict.judge(-40, -42.0, -38.0, BEFORE, after).verdict());
  }

  @Test
  void anImprovementIsConfirmedAboveZeroAndRefutedBelowItsInterval() {
    double[] higher = {1200, 1210, 1190, 1205, 1195, 1200};
    assertEquals(
        ConfirmVerdict.Verdict.confirmed,
        ConfirmVerdict.judge(20, 18.0, 22.0, BEFORE, higher).verdict());
    assertEquals(
        ConfirmVerdict.Verdict.refuted,
        ConfirmVerdict.judge(20, 18.0, 22.0, BEFORE, BEFORE.clone()).verdict());
  }

  @Test
  void withoutTheAlertsIntervalItsMagnitudeStandsForIt() {
    double[] after = {1001, 1009, 991, 1004, 996, 1001};
    assertEquals(
        ConfirmVerdict.Verdict.refuted,
        ConfirmVerdict.judge(-40, null, null, BEFORE, after).verdict());
  }

  @Test
  void oneValueASideHasNoIntervalAndIsInconclusive() {
    ConfirmVerdict v =
        ConfirmVerdict.judge(-40, -42.0, -38.0, new double[] {1000}, new double[] {600});
    assertEquals(ConfirmVerdict.Verdict.inconclusive, v.verdict());
    assertNull(v.ciLowPct());
  }
}
