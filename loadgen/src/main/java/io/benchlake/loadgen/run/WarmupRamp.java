package io.benchlake.loadgen.run;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * How the workers of an iteration with a warm-up start: the first half of the warm-up runs at most
 * one worker per client core, then every worker runs for the rest of it and the measured window.
 *
 * <p>Why: the JIT compiles the hot path (the transaction, the driver's packet reading and writing)
 * on compiler threads that are two threads among all the workers and the server's connection
 * threads. With 64 workers on 2 cores the C2 thread got so small a share that the hot path was
 * compiled 3-15 s after the workers started, inside the measured window, and until then the workers
 * ran profiling C1 code: oltp_read_write at 64 threads cost 0.56-0.70 ms of client CPU per
 * transaction after a 5 s warm-up and 0.38-0.49 after a 30 s one (bench/loadgen-vs-sysbench with
 * BENCH_WARMUP, docs/loadgen-footprint.md). With a few workers the compiler gets a core and is done
 * in the first seconds. The measured window is unchanged: every worker runs through it, and through
 * the second half of the warm-up before it.
 */
record WarmupRamp(int firstWorkers, long rampNanos) {

  /** The ramp of an iteration of {@code threads} workers and {@code warmupNanos} of warm-up. */
  static WarmupRamp of(int threads, long warmupNanos, int clientCores) {
    if (warmupNanos <= 0 || threads <= clientCores) {
      return new WarmupRamp(threads, 0);
    }
    return new WarmupRamp(Math.max(1, clientCores), warmupNanos / 2);
  }

  /** Whether some workers wait for the ramp's end. */
  boolean ramps() {
    return rampNanos > 0 && firstWorkers > 0;
  }

  /**
   * Starts the first workers, waits until the ramp's end (or until the iteration is stopped), then
   * starts the rest; {@code live} counts the workers started and not yet failed, as sysbench's
   * "thds:".
   */
  void start(List<Thread> workers, long start, AtomicInteger live, AtomicBoolean stop) {
    if (!ramps()) {
      workers.forEach(Thread::start);
      return;
    }
    int first = Math.min(firstWorkers, workers.size());
    live.addAndGet(first - workers.size());
    workers.subList(0, first).forEach(Thread::start);
    long end = start + rampNanos;
    long left;
    while ((left = end - System.nanoTime()) > 0
        && !stop.get()
        && !Thread.currentThread().isInterrupted()) {
      LockSupport.parkNanos(Math.min(left, 50_000_000L));
    }
    live.addAndGet(workers.size() - first);
    workers.subList(first, workers.size()).forEach(Thread::start);
  }
}
