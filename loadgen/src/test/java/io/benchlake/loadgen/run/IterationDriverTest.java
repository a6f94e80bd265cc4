package io.benchlake.loadgen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.loadgen.workload.oltp.OltpOptions;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The iteration driver's pacing, warm-up, error handling and forced shutdown, without a server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IterationDriverTest {
  private final List<IntervalReport> reports = new CopyOnWriteArrayList<>();

  /** A plan of one rung with sysbench's defaults but for the bounds the test sets. */
  private static RunPlan plan(
      double durationS,
      long events,
      double warmupS,
      double reportIntervalS,
      double rate,
      double forcedShutdownS) {
    return RunPlan.builder("fake", OltpOptions.defaults(1, 10))
        .testName("unit")
        .durationS(durationS)
        .events(events)
        .warmupS(warmupS)
        .reportIntervalS(reportIntervalS)
        .rate(rate)
        .forcedShutdownS(forcedShutdownS)
        .build();
  }

  private IterationResult run(FakeServer server, RunPlan plan, int threads) throws Exception {
    return new IterationDriver(server, server, plan, reports::add).run(threads, 1, 42);
  }

  private long measuredTransactions() {
    return reports.stream().filter(r -> !r.warmup()).mapToLong(IntervalReport::transactions).sum();
  }

  @Test
  void anEventBudgetEndsTheIterationAfterExactlyThatManyTransactions() throws Exception {
    FakeServer server = FakeServer.instant();
    IterationResult r = run(server, plan(0, 5_000, 0, 0.05, 0, -1), 3);

    assertTrue(r.failure().isEmpty(), r.failure().toString());
    assertEquals(5_000, r.transactions());
    assertEquals(5_000, r.eventsPerThread().stream().mapToLong(Long::longValue).sum());
    assertEquals(3, r.eventsPerThread().size());
    assertEquals(10_000, r.reads());
    assertEquals(5_000, r.writes());
    assertEquals(5_000, r.latencyUs().getTotalCount());
    assertEquals(5_000, measuredTransactions(), "the totals are the sums of the intervals");
    assertEquals(0, server.stillOpen(), "every worker's connection is closed at the end");
  }

  @Test
  void theArrivalRateNotTheWorkloadsSpeedSetsTheTransactionCount() throws Exception {
    IterationResult r = run(FakeServer.instant(), plan(1, 0, 0, 0.25, 400, -1), 2);

    assertTrue(r.failure().isEmpty(), r.failure().toString());
    // Poisson arrivals at 400/s over 1 s: 400 ± 4σ (σ = 20)
    assertTrue(r.transactions() > 320 && r.transactions() < 480, "" + r.transactions());
  }

  @Test
  void underARateLatencyCountsFromTheArrivalSoTimeSpentQueuedShows() throws Exception {
    // one worker that needs 5 ms a transaction (200/s) given 400 arrivals a second: a queue grows
    IterationResult r = run(FakeServer.taking(5), plan(0.5, 0, 0, 0.25, 400, -1), 1);

    assertTrue(r.failure().isEmpty(), r.failure().toString());
    long maxUs = r.latencyUs().getMaxValue();
    assertTrue(maxUs > 50_000, "the latest arrivals waited behind the queue, max was " + maxUs);
  }

  @Test
  void warmUpIntervalsAreReportedButLeftOutOfTheTotals() throws Exception {
    IterationResult r = run(FakeServer.instant(), plan(0.5, 0, 0.5, 0.25, 0, -1), 2);

    assertTrue(r.failure().isEmpty(), r.failure().toString());
    assertTrue(reports.size() >= 3, "two warm-up intervals and measured ones: " + reports.size());
    assertTrue(
        reports.get(0).warmup() && reports.get(1).warmup(), "ceil(0.5 / 0.25) warm-up ticks");
    assertTrue(reports.stream().skip(2).noneMatch(IntervalReport::warmup));
    assertTrue(reports.get(0).transactions() > 0, "the workers run during the warm-up");
    assertEquals(measuredTransactions(), r.transactions());
    double measuredS =
        reports.stream().filter(x -> !x.warmup()).mapToDouble(IntervalReport::intervalS).sum();
    assertEquals(measuredS, r.measuredS(), 1e-6, "the measured window is the measured intervals");
  }

  @Test
  void theWorkersEventsCountFromTheWarmUpsEndAsSysbenchsPerThreadStatistics() throws Exception {
    // 1 ms a transaction, so each worker does some hundreds in the warm-up and in the window
    IterationResult r = run(FakeServer.taking(1), plan(0.5, 0, 0.5, 0.25, 0, -1), 2);

    assertTrue(r.failure().isEmpty(), r.failure().toString());
    long perThread = r.eventsPerThread().stream().mapToLong(Long::longValue).sum();
    long warmup =
        reports.stream()
            .filter(IntervalReport::warmup)
            .mapToLong(IntervalReport::transactions)
            .sum();
    assertTrue(warmup > 100, "the warm-up ran transactions: " + warmup);
    // not exactly the totals: a transaction begun in the warm-up may end in the first interval
    assertEquals(r.transactions(), perThread, r.transactions() * 0.2, "the warm-up's are left out");
    double busyS = r.busySecondsPerThread().stream().mapToDouble(Double::doubleValue).sum();
    assertTrue(busyS < 2 * 0.5 * 1.2, "execution time covers the window only: " + busyS);
  }

  @Test
  void aWorkerStillInATransactionAfterTheForcedShutdownIsCutOffAndTheIterationFails()
      throws Exception {
    FakeServer server =
        new FakeServer(
            (worker, c, call) -> {
              if (worker.index() == 0) {
                c.hangUntilCut();
              }
            });
    IterationResult r = run(server, plan(0.3, 0, 0, 0.1, 0, 1), 2);

    assertEquals(
        "forced shutdown: 1 of 2 workers were still in a transaction 1 s after the time limit"
            + " (--forced-shutdown)",
        r.failure().orElseThrow());
    assertEquals(1, server.cut(), "only the hung worker's connection is cut");
    assertEquals(0, r.eventsPerThread().get(0));
    assertTrue(r.eventsPerThread().get(1) > 0, "the other worker ran until the time limit");
  }

  @Test
  void withoutAForcedShutdownTheDriverWaitsForASlowTransactionToEnd() throws Exception {
    FakeServer server =
        new FakeServer(
            (worker, c, call) -> {
              if (call == 1) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(350)); // off the 0.1 s ticks
              }
            });
    IterationResult r = run(server, plan(0.2, 0, 0, 0.1, 0, -1), 1);

    assertTrue(r.failure().isEmpty(), r.failure().toString());
    assertEquals(1, r.transactions(), "the transaction that outlived the time limit is counted");
    assertEquals(0, server.cut());
  }

  @Test
  void anIgnoredErrorIsRolledBackCountedAndTheWorkerGoesOn() throws Exception {
    FakeServer server =
        new FakeServer(
            (worker, c, call) -> {
              if (call % 3 == 0) {
                throw new SQLException("Deadlock found", "40001", 1213);
              }
            });
    IterationResult r = run(server, plan(0, 30, 0, 0.1, 0, -1), 1);

    assertTrue(r.failure().isEmpty(), r.failure().toString());
    assertEquals(10, r.errors(), "every third of the 30 events failed");
    assertEquals(20, r.transactions());
    assertEquals(10, server.rollbacks.get());
  }

  @Test
  void aLostConnectionIsReopenedAndTheReconnectCounted() throws Exception {
    AtomicBoolean lost = new AtomicBoolean();
    FakeServer server =
        new FakeServer(
            (worker, c, call) -> {
              if (call == 5 && lost.compareAndSet(false, true)) {
                throw new SQLNonTransientConnectionException("socket closed", "08000", 0);
              }
            });
    IterationResult r = run(server, plan(0, 20, 0, 0.1, 0, -1), 1);

    assertTrue(r.failure().isEmpty(), r.failure().toString());
    assertEquals(1, r.reconnects());
    assertEquals(19, r.transactions());
    assertEquals(2, server.transactionsBuilt.get(), "the statements are prepared again");
    assertEquals(0, server.stillOpen(), "the lost connection and its successor are closed");
  }

  @Test
  void anErrorOutsideTheIgnoreListStopsEveryWorkerWithThatError() throws Exception {
    FakeServer server =
        new FakeServer(
            (worker, c, call) -> {
              if (worker.index() == 1 && call == 3) {
                throw new SQLException("You have an error in your SQL syntax", "42000", 1064);
              }
            });
    // an hour: the iteration ends only because of the error
    IterationResult r = run(server, plan(3_600, 0, 0, 0.1, 0, -1), 2);

    assertEquals(
        "SQL error 1064 (42000): You have an error in your SQL syntax", r.failure().orElseThrow());
    assertEquals(2, r.eventsPerThread().get(1));
  }

  @Test
  void workersThatCannotAllConnectFailTheIterationBeforeItStarts() throws Exception {
    FakeServer server = FakeServer.instant().refusingWorkersAfter(2);
    IterationResult r = run(server, plan(3_600, 0, 0, 0.1, 0, -1), 3);

    assertEquals(
        "cannot connect the workers: SQL error 1040 (08004): Too many connections",
        r.failure().orElseThrow());
    assertEquals(0, r.transactions());
    assertTrue(reports.isEmpty(), "no interval was started");
    assertFalse(server.opened.isEmpty());
    assertEquals(0, server.stillOpen(), "the workers that did connect are closed again");
  }
}
