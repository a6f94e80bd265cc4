package io.benchlake.loadgen.run;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** sysbench's --forced-shutdown: the end of an iteration whose workers do not all stop in time. */
final class ForcedShutdown {
  private static final long NANOS = 1_000_000_000L;
  private static final Logger LOG = LoggerFactory.getLogger(ForcedShutdown.class);

  /** How long workers cut off by a forced shutdown get to end before they are left behind. */
  private static final long CUT_WAIT_NANOS = 10 * NANOS;

  private ForcedShutdown() {}

  /**
   * Waits for the workers to end. With --forced-shutdown, workers still in a transaction that long
   * after the time limit have their connections cut (the server is asked to kill them) and the
   * iteration fails, as sysbench's forced shutdown ends its run: a server that hangs cannot hold a
   * bounded benchmark forever.
   */
  static void awaitWorkers(
      List<Thread> workers,
      long deadline,
      AtomicReferenceArray<Connection> current,
      AtomicBoolean stop,
      AtomicReference<String> failure,
      double forcedShutdownS)
      throws InterruptedException {
    if (forcedShutdownS < 0 || deadline == Long.MAX_VALUE) {
      for (Thread worker : workers) {
        worker.join();
      }
      return;
    }
    long forceAt = deadline + (long) (forcedShutdownS * NANOS);
    for (Thread worker : workers) {
      TimeUnit.NANOSECONDS.timedJoin(worker, Math.max(1, forceAt - System.nanoTime()));
    }
    List<Integer> stuck = new ArrayList<>();
    for (int w = 0; w < workers.size(); w++) {
      if (workers.get(w).isAlive()) {
        stuck.add(w);
      }
    }
    if (stuck.isEmpty()) {
      return;
    }
    failure.compareAndSet(
        null,
        String.format(
            Locale.ROOT,
            "forced shutdown: %d of %d workers were still in a transaction %.0f s after the time"
                + " limit (--forced-shutdown)",
            stuck.size(),
            workers.size(),
            forcedShutdownS));
    stop.set(true);
    for (int w : stuck) {
      Connection c = current.get(w);
      if (c != null) {
        // on a thread of its own: asking a hung server to kill the session may hang as well
        Thread cut =
            new Thread(
                () -> {
                  try {
                    c.abort(Runnable::run);
                  } catch (SQLException | RuntimeException e) {
                    LOG.warn("could not cut worker {}'s connection: {}", w + 1, e.getMessage());
                  }
                },
                "cut-worker-" + (w + 1));
        cut.setDaemon(true);
        cut.start();
      }
    }
    long giveUpAt = System.nanoTime() + CUT_WAIT_NANOS;
    for (int w : stuck) {
      TimeUnit.NANOSECONDS.timedJoin(workers.get(w), Math.max(1, giveUpAt - System.nanoTime()));
      if (workers.get(w).isAlive()) {
        LOG.warn("worker {} did not end after its connection was cut; left behind", w + 1);
      }
    }
  }
}
