package io.benchlake.loadgen.run;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The thread that takes an iteration's interval snapshots on a fixed rate, from its start until it
 * is closed: closing lets a tick under way finish (up to 10 s) and stops it on every path, an
 * interrupt included.
 */
final class Reporter implements AutoCloseable {
  private final ScheduledExecutorService executor =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "reporter");
            t.setDaemon(true);
            return t;
          });

  private Reporter() {}

  /** Runs {@code tick} every {@code periodNanos}, the first one period from now. */
  static Reporter every(long periodNanos, Runnable tick) {
    Reporter reporter = new Reporter();
    reporter.executor.scheduleAtFixedRate(tick, periodNanos, periodNanos, TimeUnit.NANOSECONDS);
    return reporter;
  }

  @Override
  public void close() {
    executor.shutdown();
    try {
      if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
        executor.shutdownNow();
      }
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
