package io.benchlake.loadgen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.benchlake.loadgen.workload.QueryCounts;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Interval snapshots on a clock the test moves, with counts the test makes as a worker would. */
class IntervalSnapshotsTest {
  private static final long MS = 1_000_000L;
  private static final long S = 1_000 * MS;
  private static final QueryCounts ONE_READ = new QueryCounts(1, 0, 0);

  private final List<IntervalReport> reports = new ArrayList<>();
  private final Counters counters = new Counters(2);
  private long now;

  private IntervalSnapshots snapshots(int warmupTicks, long deadline) throws Exception {
    return new IntervalSnapshots(
        2,
        new IntervalSnapshots.Schedule(0, S, warmupTicks, deadline),
        () -> now,
        counters,
        new AtomicInteger(2),
        List.of(),
        null,
        reports::add);
  }

  /** {@code n} transactions of one read each, half by each worker. */
  private void transactions(int n) {
    for (int i = 0; i < n; i++) {
      counters.of(i % 2).add(ONE_READ, 2 * MS);
    }
  }

  /** The reporter's tick at {@code at}. */
  private void tick(IntervalSnapshots s, long at) {
    now = at;
    s.take();
  }

  /** The last snapshot, the workers done at {@code at}. */
  private void last(IntervalSnapshots s, long at) {
    now = at;
    s.takeLast();
  }

  private List<Long> intervalTransactions() {
    return reports.stream().map(IntervalReport::transactions).toList();
  }

  @Test
  void transactionsDoneInTheLastMillisecondAfterATickAreInTheLastInterval() throws Exception {
    // an event budget ends the workers 0.4 ms after the reporter's tick
    IntervalSnapshots s = snapshots(0, Long.MAX_VALUE);
    transactions(10);
    tick(s, S);
    transactions(3);
    last(s, S + 400_000);

    assertEquals(List.of(10L, 3L), intervalTransactions());
    assertEquals(13, s.measured.transactions);
    assertEquals(13, s.measuredLatency.getTotalCount());
    assertEquals(S + 400_000, s.lastTick, "the measured window ends with the last transaction");
  }

  @Test
  void theTickAtTheTimeLimitIsLeftToTheLastSnapshotWhichHoldsTheWorkersLastTransactions()
      throws Exception {
    IntervalSnapshots s = snapshots(0, 2 * S);
    transactions(5);
    tick(s, S);
    transactions(6);
    tick(s, 2 * S + 300_000); // the tick lands while the workers finish what they began
    transactions(2);
    last(s, 2 * S + 800_000);

    assertEquals(List.of(5L, 8L), intervalTransactions());
    assertEquals(1.0008, reports.get(1).intervalS(), 1e-9);
    assertEquals(13, s.measured.transactions);
    assertEquals(13, s.measured.reads);
  }

  @Test
  void workersStillBusyAnIntervalAfterTheTimeLimitAreShownTickByTick() throws Exception {
    IntervalSnapshots s = snapshots(0, S);
    transactions(4);
    tick(s, S + MS);
    tick(s, 2 * S + MS);
    tick(s, 3 * S + MS);
    transactions(1);
    last(s, 3 * S + 5 * MS);

    assertEquals(List.of(4L, 0L, 1L), intervalTransactions());
    assertEquals(5, s.measured.transactions);
  }

  @Test
  void aSliverAfterTheLastTickIsAnIntervalOnlyWhenSomethingWasCountedInIt() throws Exception {
    IntervalSnapshots s = snapshots(0, Long.MAX_VALUE);
    transactions(7);
    tick(s, S);
    last(s, S + 200_000); // the workers ended right at the tick: no empty 0 tps interval
    assertEquals(List.of(7L), intervalTransactions());

    // a worker's transaction.finish() reports the queries of a transaction cut short
    IntervalSnapshots cut = snapshots(0, Long.MAX_VALUE);
    transactions(2);
    tick(cut, S);
    counters.of(1).add(Counters.READS, 4);
    last(cut, S + 100_000);
    assertEquals(List.of(7L, 2L, 0L), intervalTransactions());
    assertEquals(6, cut.measured.reads);
  }

  @Test
  void warmUpTicksAreLeftOutOfTheMeasuredTotals() throws Exception {
    IntervalSnapshots s = snapshots(1, 2 * S);
    transactions(9);
    tick(s, S);
    transactions(4);
    last(s, 2 * S);

    assertEquals(List.of(true, false), reports.stream().map(IntervalReport::warmup).toList());
    assertEquals(4, s.measured.transactions);
    assertEquals(S, s.measuredStart);
  }
}
