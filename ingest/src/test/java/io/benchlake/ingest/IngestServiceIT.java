package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventPublisher;
import io.benchlake.bus.Topics;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.testing.SyntheticRuns;
import io.benchlake.testing.TestDirs;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

class IngestServiceIT {

  @Test
  void batchIngestWritesMonthPartitionedParquetAndAddsNothingTheSecondTime() throws Exception {
    Path dir = TestDirs.fresh("ingest");
    BenchlakeHome home = new BenchlakeHome(dir);
    Warehouse warehouse = new Warehouse(home.warehouse());
    // a MiniCluster per job, as `benchlake ingest` runs its own and its alerts' small ingest
    try (FlinkCluster flink = FlinkCluster.perJob(2);
        EventBus bus = EventBus.connect(home, Optional.empty())) {
      IngestService ingest = new IngestService(flink, IngestService.DEFAULT_COMPACT_ABOVE);
      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        SyntheticRuns.run("A", Instant.parse("2026-03-11T13:22:25Z")).forEach(publisher::publish);
      }
      try (KafkaProducer<String, byte[]> raw =
          new KafkaProducer<>(
              Map.of("bootstrap.servers", bus.bootstrap()),
              new org.apache.kafka.common.serialization.StringSerializer(),
              new ByteArraySerializer())) {
        raw.send(new ProducerRecord<>(Topics.EVENTS, "x", "{not json".getBytes())).get();
      }
      IngestService.Result first = ingest.ingest(bus.bootstrap(), warehouse);
      assertFalse(first.nothingNew());
      assertEquals(1, first.refused().size(), "the broken record is refused, the rest goes on");
      assertTrue(first.refused().get(0).reason().startsWith("not JSON"));
      assertEquals(4, SyntheticRuns.count(warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS'"));
      assertEquals(12, SyntheticRuns.count(warehouse, WarehouseTable.SAMPLES, "true"));
      assertEquals(2, SyntheticRuns.count(warehouse, WarehouseTable.RUNS, "month = '2026-03'"));
      assertEquals(
          4,
          SyntheticRuns.count(
              warehouse,
              WarehouseTable.ITERATIONS,
              "metric = 'latency_p95_ms' AND computed AND abs(value - 9.5) < 0.1"));
      assertEquals(
          4,
          SyntheticRuns.count(
              warehouse,
              WarehouseTable.ITERATIONS,
              "metric = 'TPS' AND NOT computed AND source = 'loadgen:exact'"));
      assertEquals(
          1,
          SyntheticRuns.count(
              warehouse,
              WarehouseTable.ITERATIONS,
              "metric = 'TPS' AND threads = 2 AND iteration = 1 AND value = 201"));

      IngestService.Result again = ingest.ingest(bus.bootstrap(), warehouse);
      assertTrue(again.nothingNew());
      assertEquals(first.seq(), warehouse.current().seq());
      assertEquals(4, SyntheticRuns.count(warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS'"));

      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        SyntheticRuns.run("B", Instant.parse("2026-04-02T10:00:00Z")).forEach(publisher::publish);
      }
      // a few events (the alerts' small ingest): pipelined, the same rows
      IngestService.Result second = ingest.ingestFew(bus.bootstrap(), warehouse);
      assertEquals(first.seq() + 1, second.seq());
      assertEquals(2, flink.jobsRun(), "two jobs ran (nothing new ran none)");
      assertEquals(8, SyntheticRuns.count(warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS'"));
      assertEquals(
          4,
          SyntheticRuns.count(
              warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS' AND month = '2026-04'"));
      try (var walk = Files.walk(home.warehouse())) {
        assertTrue(walk.noneMatch(p -> p.toString().contains("_staging")), "staging is cleaned up");
      }
    }
  }
}
