package io.benchlake.cli;

import io.benchlake.alerts.AlertLog;
import io.benchlake.bus.EventLog;
import io.benchlake.home.BadInputException;
import io.benchlake.ingest.FlinkCluster;
import io.benchlake.ingest.IngestService;
import io.benchlake.warehouse.Warehouse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * How a writer's alert or triage events become visible: a small batch ingest when no ingest holds
 * the warehouse, else a bounded wait until the running one (an `ingest --follow`) has committed
 * past them, said on a timeout.
 */
final class AlertVisibility {
  static final Duration FOLLOW_WAIT = Duration.ofSeconds(60);

  private AlertVisibility() {}

  static AlertLog.Visibility of(String bootstrap, Warehouse warehouse) {
    return () -> {
      Map<Integer, Long> end = EventLog.endOffsets(bootstrap);
      try (FlinkCluster flink = FlinkCluster.perJob(1)) {
        new IngestService(flink, IngestService.DEFAULT_COMPACT_ABOVE)
            .ingestFew(bootstrap, warehouse);
      } catch (BadInputException e) {
        if (!e.getMessage().contains("being written by another ingest")) {
          throw e;
        }
        waitForCommitPast(warehouse, end);
      }
    };
  }

  /** Waits, bounded, until the warehouse's commit has read every partition up to {@code end}. */
  static void waitForCommitPast(Warehouse warehouse, Map<Integer, Long> end)
      throws InterruptedException {
    Instant deadline = Instant.now().plus(FOLLOW_WAIT);
    while (Instant.now().isBefore(deadline)) {
      Map<Integer, Long> read = warehouse.current().readUpTo();
      if (end.entrySet().stream()
          .allMatch(e -> read.getOrDefault(e.getKey(), 0L) >= e.getValue())) {
        return;
      }
      Thread.sleep(200);
    }
    System.out.println(
        "The running ingest had not committed these events within "
            + FOLLOW_WAIT.toSeconds()
            + " s; they show once it does.");
  }
}
