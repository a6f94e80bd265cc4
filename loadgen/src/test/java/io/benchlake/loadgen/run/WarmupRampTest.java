package io.benchlake.loadgen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Which workers start during the first half of a warm-up, and when the others join them. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WarmupRampTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void moreWorkersThanCoresStartOnePerCoreForTheFirstHalfOfTheWarmUp() {
    WarmupRamp ramp = WarmupRamp.of(64, 5 * SECOND, 2);

    assertTrue(ramp.ramps());
    assertEquals(2, ramp.firstWorkers());
    assertEquals(SECOND * 5 / 2, ramp.rampNanos());
  }

  @Test
  void withoutAWarmUpOrWithNoMoreWorkersThanCoresEveryWorkerStartsAtOnce() {
    assertFalse(WarmupRamp.of(64, 0, 2).ramps(), "no warm-up: the measured window starts at once");
    assertFalse(WarmupRamp.of(2, 5 * SECOND, 2).ramps());
    assertFalse(WarmupRamp.of(16, 5 * SECOND, 16).ramps());
    assertTrue(WarmupRamp.of(16, 5 * SECOND, 8).ramps());
  }

  @Test
  void theOtherWorkersStartAtTheRampsEndAndLiveCountsOnlyTheStartedOnes() throws Exception {
    int n = 4;
    AtomicLongArray startedAt = new AtomicLongArray(n);
    AtomicInteger live = new AtomicInteger(n);
    AtomicInteger liveSeenByFirst = new AtomicInteger(-1);
    List<Thread> workers = new ArrayList<>();
    for (int w = 0; w < n; w++) {
      int index = w;
      workers.add(
          new Thread(
              () -> {
                startedAt.set(index, System.nanoTime());
                if (index == 0) {
                  liveSeenByFirst.set(live.get());
                }
              }));
    }
    long start = System.nanoTime();
    long rampNanos = 200_000_000L;
    new WarmupRamp(1, rampNanos).start(workers, start, live, new AtomicBoolean());
    for (Thread t : workers) {
      t.join();
    }

    // the first worker starts at once: it ran while the ramp still held the others back (no
    // bound on how soon: a loaded machine may start a thread late)
    assertEquals(1, liveSeenByFirst.get(), "during the ramp, one worker runs");
    assertEquals(n, live.get());
    for (int w = 1; w < n; w++) {
      assertTrue(startedAt.get(w) - start >= rampNanos, "worker " + w + " waited for the ramp");
      assertTrue(startedAt.get(0) < startedAt.get(w), "worker 0 started before worker " + w);
    }
  }

  @Test
  void aStoppedIterationStartsTheRestAtOnceSoTheyEnd() throws Exception {
    AtomicInteger ran = new AtomicInteger();
    List<Thread> workers = new ArrayList<>();
    for (int w = 0; w < 3; w++) {
      workers.add(new Thread(ran::incrementAndGet));
    }
    // an hour's ramp: only the stop lets start() return before the test's timeout
    new WarmupRamp(1, TimeUnit.HOURS.toNanos(1))
        .start(workers, System.nanoTime(), new AtomicInteger(3), new AtomicBoolean(true));
    for (Thread t : workers) {
      t.join();
    }

    assertEquals(3, ran.get());
  }
}
