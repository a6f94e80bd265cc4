package io.benchlake.loadgen.run;

import io.benchlake.loadgen.workload.QueryCounts;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * What the workers counted and the latencies they recorded, one {@link Count} each, and what the
 * reporter has taken of them. A worker only ever writes its own, so no write of one moves a cache
 * line another worker writes (the shared adders and HdrHistogram Recorder this replaces did,
 * several times per event).
 */
final class Counters {
  static final int TRANSACTIONS = 0;
  static final int READS = 1;
  static final int WRITES = 2;
  static final int OTHER = 3;
  static final int ERRORS = 4;
  static final int RECONNECTS = 5;
  private static final int KINDS = 6;

  private final Count[] workers;
  private final long[][] taken;

  Counters(int workers) {
    this.workers = new Count[workers];
    this.taken = new long[workers][KINDS];
    for (int w = 0; w < workers; w++) {
      this.workers[w] = new Count();
    }
  }

  Count of(int worker) {
    return workers[worker];
  }

  /** The latencies every worker recorded since the last call (the reporter's thread only). */
  Histogram latencySinceLast() {
    Histogram sum = new Histogram(3);
    for (Count worker : workers) {
      // given back to be filled again, so that it keeps the size it grew to
      worker.recycled = worker.latency.getIntervalHistogram(worker.recycled);
      sum.add(worker.recycled);
    }
    return sum;
  }

  /** What every worker counted since the last call, per kind (the reporter's thread only). */
  long[] sinceLast() {
    long[] sum = new long[KINDS];
    for (int w = 0; w < workers.length; w++) {
      for (int k = 0; k < KINDS; k++) {
        long now = workers[w].get(k);
        sum[k] += now - taken[w][k];
        taken[w][k] = now;
      }
    }
    return sum;
  }

  /**
   * One worker's running counts, written by it alone with opaque stores (plain stores on x86) and
   * read by the reporter, in the middle of an array whose ends keep the next object's data off
   * their cache line; and its latencies, in a recorder of its own.
   */
  static final class Count {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int PAD = 8;
    private final long[] slots = new long[PAD + KINDS + PAD];
    private final SingleWriterRecorder latency = new SingleWriterRecorder(3);
    private Histogram recycled;

    void add(int kind, long n) {
      SLOT.setOpaque(slots, PAD + kind, (long) SLOT.getOpaque(slots, PAD + kind) + n);
    }

    /** A transaction done in {@code nanos}, with its queries. */
    void add(QueryCounts q, long nanos) {
      latency.recordValue(Math.max(1, nanos / 1000));
      add(TRANSACTIONS, 1);
      add(READS, q.reads());
      add(WRITES, q.writes());
      add(OTHER, q.other());
    }

    long get(int kind) {
      return (long) SLOT.getOpaque(slots, PAD + kind);
    }
  }

  /** Running totals of the measured intervals. */
  static final class Totals {
    long transactions;
    long reads;
    long writes;
    long other;
    long errors;
    long reconnects;
  }
}
