package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventPublisher;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.testing.SyntheticRuns;
import io.benchlake.testing.TestDirs;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.junit.jupiter.api.Test;

/**
 * Cluster mode's submission path: the ingest job sent to a Flink cluster's REST endpoint (here a
 * MiniCluster with its REST server, 2 task managers) rather than run in this process.
 */
class FlinkRestIT {
  @Test
  void theJobRunsOnAClusterReachedThroughItsRestAddress() throws Exception {
    Path dir = TestDirs.fresh("flink-rest");
    Configuration conf = new Configuration();
    conf.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
    conf.set(RestOptions.ADDRESS, "127.0.0.1");
    conf.set(RestOptions.PORT, 0);
    // The cluster shares this JVM's classpath, so the job's classes come from it, not from jars.
    conf.set(CoreOptions.CLASSLOADER_RESOLVE_ORDER, "parent-first");
    conf.setString("security.delegation.tokens.enabled", "false");
    try (MiniCluster cluster =
            new MiniCluster(
                new MiniClusterConfiguration.Builder()
                    .setConfiguration(conf)
                    .setNumTaskManagers(2)
                    .setNumSlotsPerTaskManager(1)
                    .build());
        EventBus bus = EventBus.connect(new BenchlakeHome(dir), Optional.empty())) {
      cluster.start();
      URI rest = cluster.getRestAddress().get(30, TimeUnit.SECONDS);
      var events = SyntheticRuns.run("remote", Instant.parse("2026-06-01T00:00:00Z"));
      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        events.forEach(publisher::publish);
      }
      Warehouse warehouse = new Warehouse(dir.resolve("warehouse"));
      try (FlinkCluster flink = FlinkCluster.remote(rest, 2, List.of())) {
        IngestService.Result r =
            new IngestService(flink, IngestService.DEFAULT_COMPACT_ABOVE)
                .ingest(bus.bootstrap(), warehouse);
        assertEquals(events.size(), r.eventsRead(), "counted by the job on the cluster");
      }
      assertEquals(12, SyntheticRuns.count(warehouse, WarehouseTable.SAMPLES, "true"));
      assertEquals(4, SyntheticRuns.count(warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS'"));
      assertTrue(
          cluster.listJobs().get(30, TimeUnit.SECONDS).stream()
              .anyMatch(j -> j.getJobName().startsWith("benchlake ingest")),
          "the job ran on the cluster");
    }
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> FlinkCluster.remote(URI.create("flink:8081"), 2, List.of()));
    assertTrue(e.getMessage().contains("--flink-rest must be http://HOST:PORT"), e.getMessage());
  }
}
