package io.benchlake.loadgen.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.schemas.TransactionTiming;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeProfileTest {
  private static final long MS = 1_000_000L;
  private static final double EPS = 1e-9;

  /** Calls of {@code took} ms each, back to back from t = 0, ended at {@code endMs}. */
  private static TimeProfile profile(String operation, long endMs, long... took) {
    TimeProfile p = new TimeProfile();
    long at = 0;
    for (long t : took) {
      p.record(operation, at, t * MS);
      at += t * MS;
    }
    p.end(endMs * MS);
    return p;
  }

  @Test
  void aWorkersRowHasItsCallsTotalsSpreadAndShareOfItsTime() {
    TimeProfile p = profile("neword", 10, 1, 2, 3);

    assertEquals(10, p.elapsedMs(), EPS);
    TransactionTiming t = p.timings(4).get(0);
    assertEquals("neword", t.procedure());
    assertEquals(3, t.calls());
    assertEquals(1, t.min(), EPS);
    assertEquals(2, t.avg(), EPS);
    assertEquals(3, t.max(), EPS);
    assertEquals(6, t.total(), EPS);
    assertEquals(1, t.sd(), EPS, "the sample standard deviation of 1, 2, 3 ms");
    assertEquals(60, t.ratioPct(), EPS, "6 ms of 10");
    assertEquals(4, t.vu());
    assertEquals(10, t.elapsedMs(), EPS);
  }

  @Test
  void theSpreadOfTwoCallsOrFewerIsZeroAsHammerdbPrintsIt() {
    assertEquals(0, profile("payment", 10, 1, 5).timings(1).get(0).sd(), EPS);
  }

  @Test
  void theElapsedTimeRunsFromTheFirstProfiledCallAndIsZeroBeforeTheEnd() {
    TimeProfile p = new TimeProfile();
    p.record("delivery", 4 * MS, MS);
    assertEquals(0, p.elapsedMs(), EPS, "not ended yet");
    p.end(9 * MS);
    assertEquals(5, p.elapsedMs(), EPS);
  }

  @Test
  void rowsAreOrderedByTheirShareOfTheTimeLargestFirst() {
    TimeProfile p = new TimeProfile();
    p.record("slev", 0, MS);
    p.record("neword", MS, 5 * MS);
    p.record("ostat", 6 * MS, 2 * MS);
    p.end(10 * MS);
    assertEquals(
        List.of("neword", "ostat", "slev"),
        p.timings(1).stream().map(TransactionTiming::procedure).toList());
  }

  @Test
  void theSummaryAddsWorkersUpAndTakesTheRatioOverTheMedianElapsedTime() {
    TimeProfile a = profile("neword", 10, 2, 2);
    TimeProfile b = profile("neword", 20, 1, 5);
    TimeProfile idle = new TimeProfile();
    idle.end(30 * MS);

    TransactionTiming s = TimeProfile.summary(List.of(a, idle, b)).get(0);

    assertEquals(4, s.calls());
    assertEquals(1, s.min(), EPS);
    assertEquals(5, s.max(), EPS);
    assertEquals(10, s.total(), EPS);
    assertEquals(15, s.elapsedMs(), EPS, "the median of 10 and 20 ms; the idle worker is left out");
    assertEquals(100 * 10 / 15.0 / 2, s.ratioPct(), EPS);
    assertNull(s.vu(), "a summary row belongs to no virtual user");
  }

  @Test
  void theSummaryOfWorkersThatProfiledNothingIsEmpty() {
    assertTrue(TimeProfile.summary(List.of(new TimeProfile(), new TimeProfile())).isEmpty());
  }
}
