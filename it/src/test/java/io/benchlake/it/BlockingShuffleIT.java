package io.benchlake.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventPublisher;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.FlinkCluster;
import io.benchlake.ingest.IngestService;
import io.benchlake.ingest.testing.SyntheticRuns;
import io.benchlake.testing.TestDirs;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.apache.flink.api.common.BatchShuffleMode;
import org.junit.jupiter.api.Test;

/**
 * The blocking shuffle (the way out when the disk is too full for the streamed one) writes a
 * warehouse whose views answer the same; here, not in ingest/, because the views are analytics'.
 */
class BlockingShuffleIT {
  @Test
  void onADiskTooFullForTheStreamedShuffleTheBlockingOneWritesTheSameWarehouse() throws Exception {
    Path dir = TestDirs.fresh("blocking");
    BenchlakeHome home = new BenchlakeHome(dir);
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        for (int run = 0; run < 3; run++) {
          SyntheticRuns.run("R" + run, Instant.parse("2026-03-11T13:22:25Z").plusSeconds(run))
              .forEach(publisher::publish);
        }
      }
      Warehouse hybrid = new Warehouse(dir.resolve("hybrid"));
      new IngestService(2).ingest(bus.bootstrap(), hybrid);
      Warehouse blocking = new Warehouse(dir.resolve("blocking"));
      try (FlinkCluster flink =
          FlinkCluster.shared(2, 1, BatchShuffleMode.ALL_EXCHANGES_BLOCKING)) {
        new IngestService(flink, IngestService.DEFAULT_COMPACT_ABOVE)
            .ingest(bus.bootstrap(), blocking);
      }
      assertEquals(12, SyntheticRuns.count(blocking, WarehouseTable.ITERATIONS, "metric = 'TPS'"));
      assertEquals(
          IncrementalIngestIT.snapshot(hybrid),
          IncrementalIngestIT.snapshot(blocking),
          "every view the same");
    }
  }
}
