package io.benchlake.loadgen.run;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * When a worker stops: the deadline, the shared event budget, or another worker's failure; and when
 * the warm-up ends ({@code measuredFrom}), from which its events count as sysbench's per-thread
 * "events" and "execution time" do.
 */
record Bounds(
    long deadline, long measuredFrom, AtomicLong budget, Arrivals arrivals, AtomicBoolean stop) {
  /** The time the next transaction is due, or -1 when the worker is to stop. */
  long next() {
    if (stop.get() || (budget != null && budget.getAndDecrement() <= 0)) {
      return -1;
    }
    long now = System.nanoTime();
    if (arrivals == null) {
      return now < deadline ? now : -1;
    }
    long due = arrivals.next();
    if (due >= deadline) {
      return -1;
    }
    while (due > now) {
      LockSupport.parkNanos(due - now);
      now = System.nanoTime();
    }
    return due;
  }
}
