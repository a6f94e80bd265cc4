package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventLog;
import io.benchlake.bus.EventPublisher;
import io.benchlake.bus.Topics;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.home.EnvironmentException;
import io.benchlake.ingest.testing.SyntheticRuns;
import io.benchlake.testing.TestDirs;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A log that lost events under the same cluster and topic id (a partition's directory lost, records
 * deleted from its start) is refused by every ingest path, in one line; a deliberate new start is
 * accepted by a rebuild that says so.
 */
@Timeout(240)
class LogLossIT {
  private static int runs;

  private static void publishRuns(String bootstrap, int count) {
    try (EventPublisher publisher = new EventPublisher(bootstrap)) {
      for (int i = 0; i < count; i++) {
        SyntheticRuns.run("L" + runs++, Instant.parse("2026-03-11T13:22:25Z").plusSeconds(runs))
            .forEach(publisher::publish);
      }
    }
  }

  private static long tps(Warehouse warehouse) throws Exception {
    return SyntheticRuns.count(warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS'");
  }

  /** The partition of the events topic holding the most records, by its committed offset. */
  private static int fullest(Warehouse warehouse) {
    return warehouse.current().readUpTo().entrySet().stream()
        .max(Map.Entry.comparingByValue())
        .orElseThrow()
        .getKey();
  }

  private static EnvironmentException refused(ThrowingIngest ingest) {
    EnvironmentException e = assertThrows(EnvironmentException.class, ingest::run);
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    return e;
  }

  private interface ThrowingIngest {
    void run() throws Exception;
  }

  @Test
  void aPartitionLostAndWrittenAgainUnderTheSameIdsIsRefusedByEveryIngest() throws Exception {
    Path dir = TestDirs.fresh("partition-lost");
    BenchlakeHome home = new BenchlakeHome(dir);
    Warehouse warehouse = new Warehouse(home.warehouse());
    IngestService ingest = new IngestService(1);
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      publishRuns(bus.bootstrap(), 4);
      ingest.ingest(bus.bootstrap(), warehouse);
    }
    long before = tps(warehouse);
    int lost = fullest(warehouse);
    long committed = warehouse.current().readUpTo().get(lost);
    try (Stream<Path> walk = Files.walk(home.kafka())) {
      Path partition =
          walk.filter(p -> p.getFileName().toString().equals(Topics.EVENTS + "-" + lost))
              .findFirst()
              .orElseThrow();
      io.benchlake.warehouse.Warehouse gone = new Warehouse(partition);
      gone.delete(); // with the broker stopped: it comes back empty, same cluster and topic id
    }
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      assertEquals(
          warehouse.current().log().topicId(), EventLog.identity(bus.bootstrap()).topicId());
      EnvironmentException shorter = refused(() -> ingest.ingest(bus.bootstrap(), warehouse));
      assertTrue(
          shorter.getMessage().contains(lost + ": " + committed + " → 0"), shorter.getMessage());
      // Events published since reach past the committed offset: another event is where the
      // warehouse's last one was.
      while (EventLog.endOffsets(bus.bootstrap()).get(lost) <= committed) {
        publishRuns(bus.bootstrap(), 1);
      }
      EnvironmentException other = refused(() -> ingest.ingest(bus.bootstrap(), warehouse));
      assertTrue(other.getMessage().contains("partition " + lost), other.getMessage());
      EnvironmentException rebuild = refused(() -> ingest.ingest(bus.bootstrap(), warehouse, true));
      assertTrue(rebuild.getMessage().contains("warehouse is kept"), rebuild.getMessage());
      assertEquals(before, tps(warehouse), "the warehouse, untouched");
    }
  }

  @Test
  void aLogWhoseStartRoseIsRefusedUntilARebuildAcceptsTheNewStart() throws Exception {
    Path dir = TestDirs.fresh("log-start");
    BenchlakeHome home = new BenchlakeHome(dir);
    Warehouse warehouse = new Warehouse(home.warehouse());
    IngestService ingest = new IngestService(1);
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      publishRuns(bus.bootstrap(), 4);
      ingest.ingest(bus.bootstrap(), warehouse);
      long before = tps(warehouse);
      int partition = fullest(warehouse);
      long cut = warehouse.current().readUpTo().get(partition) / 2;
      try (Admin admin =
          Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bus.bootstrap()))) {
        admin
            .deleteRecords(
                Map.of(
                    new TopicPartition(Topics.EVENTS, partition),
                    RecordsToDelete.beforeOffset(cut)))
            .all()
            .get();
      }
      EnvironmentException nothingNew = refused(() -> ingest.ingest(bus.bootstrap(), warehouse));
      assertTrue(
          nothingNew.getMessage().contains(partition + ": 0 → " + cut), nothingNew.getMessage());
      assertTrue(nothingNew.getMessage().contains("--accept-log-start"), nothingNew.getMessage());
      publishRuns(bus.bootstrap(), 1);
      refused(() -> ingest.ingest(bus.bootstrap(), warehouse));
      refused(() -> ingest.ingest(bus.bootstrap(), warehouse, true));
      assertEquals(before, tps(warehouse), "the warehouse, untouched");

      ingest.ingest(bus.bootstrap(), warehouse, true, true);
      assertEquals(cut, warehouse.current().logStart().get(partition), "the start accepted");
      assertTrue(tps(warehouse) < before + 4, "the runs the deleted events held are gone");
      long accepted = tps(warehouse);
      publishRuns(bus.bootstrap(), 1);
      ingest.ingest(bus.bootstrap(), warehouse);
      assertEquals(accepted + 4, tps(warehouse), "later ingests hold the log to its new start");
      ingest.ingest(bus.bootstrap(), warehouse, true);
      assertEquals(accepted + 4, tps(warehouse), "and so do later rebuilds");
      assertNotNull(warehouse.current().fingerprints());
    }
  }
}
