package io.benchlake.cli;

import io.benchlake.ingest.IngestService;
import io.benchlake.warehouse.Warehouse;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/** What `benchlake ingest` says on the console, and its --follow loop that Ctrl-C ends cleanly. */
final class IngestConsole {
  private IngestConsole() {}

  /**
   * Ingests until Ctrl-C, which lets the ingest under way commit before the process ends, and
   * closes {@code cluster} before it may end: a MiniCluster closed extracts nothing left behind
   * (its RPC system's 21 MB jar in the temporary directory goes with its close).
   */
  static int follow(
      IngestService service,
      String bootstrap,
      Warehouse warehouse,
      Duration poll,
      AutoCloseable cluster)
      throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    AtomicBoolean refused = new AtomicBoolean();
    CountDownLatch done = new CountDownLatch(1);
    Thread hook =
        new Thread(
            () -> {
              stop.set(true);
              try {
                done.await();
              } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
              }
            },
            "stop ingest --follow");
    Runtime.getRuntime().addShutdownHook(hook);
    System.out.println("Following the event log; Ctrl-C stops.");
    try {
      service.follow(
          bootstrap,
          warehouse,
          poll,
          stop::get,
          r -> {
            print(r);
            refused.compareAndSet(false, !r.refused().isEmpty());
          });
      // Said before the shutdown hook is let go: once it returns, the process may end at once.
      System.out.println("Stopped; the warehouse is at ingest " + warehouse.current().seq() + ".");
    } finally {
      try {
        cluster.close();
      } finally {
        done.countDown();
      }
    }
    return refused.get() ? 4 : 0;
  }

  /** What one ingest did, in one line: "Ingest 3 read 40 events; refused 2 (below):". */
  static String line(IngestService.Result r) {
    return String.format(
        "Ingest %d read %d events%s%s",
        r.seq(),
        r.eventsRead(),
        r.filesCompacted() > 0 ? "; compacted " + r.filesCompacted() + " files" : "",
        r.refused().isEmpty()
            ? "."
            : "; refused " + r.refused().size() + " (`benchlake dlq` lists them):");
  }

  /** One line per ingest that read something, and one per event it refused. */
  static void print(IngestService.Result r) {
    if (r.nothingNew()) {
      return;
    }
    System.out.println(line(r));
    r.refused().forEach(e -> System.out.println("  " + e.origin() + ": " + e.reason()));
  }
}
