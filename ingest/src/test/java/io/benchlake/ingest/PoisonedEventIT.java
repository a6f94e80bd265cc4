package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventPublisher;
import io.benchlake.bus.Topics;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.job.DeadLetter;
import io.benchlake.ingest.testing.SyntheticRuns;
import io.benchlake.schemas.Acknowledgement;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.testing.TestDirs;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run dated 2300 (a typo for 2025) stops no ingest: its events go to the dead-letter topic with
 * the reason and the rest is committed; once acknowledged, later ingests and rebuilds refuse
 * nothing (exit 0 again).
 */
@Timeout(180)
class PoisonedEventIT {
  @Test
  void aRunDatedOutsideTheBoundsIsRefusedAndOnceAcknowledgedNoLongerCounts() throws Exception {
    BenchlakeHome home = new BenchlakeHome(TestDirs.fresh("poisoned"));
    Warehouse warehouse = new Warehouse(home.warehouse());
    IngestService ingest = new IngestService(1);
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      List<Event> typo = SyntheticRuns.run("typo", Instant.parse("2300-01-01T00:00:00Z"));
      EventCodec codec = new EventCodec();
      try (EventPublisher publisher = new EventPublisher(bus.bootstrap());
          KafkaProducer<String, byte[]> raw =
              new KafkaProducer<>(
                  Map.of("bootstrap.servers", bus.bootstrap()),
                  new StringSerializer(),
                  new ByteArraySerializer())) {
        SyntheticRuns.run("before", Instant.parse("2025-01-01T00:00:00Z"))
            .forEach(publisher::publish);
        for (Event e : typo) { // as an importer without the bounds published them
          raw.send(new ProducerRecord<>(Topics.EVENTS, e.runId(), codec.encode(e))).get();
        }
        SyntheticRuns.run("after", Instant.parse("2025-02-01T00:00:00Z"))
            .forEach(publisher::publish);
      }
      IngestService.Result first = ingest.ingest(bus.bootstrap(), warehouse);
      assertEquals(typo.size(), first.refused().size(), first.refused().toString());
      assertTrue(
          first.refused().get(0).reason().contains("outside 1970-01-01..2200-01-01"),
          first.refused().get(0).reason());
      assertEquals(8, SyntheticRuns.count(warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS'"));
      assertEquals(typo.size(), ingest.ingest(bus.bootstrap(), warehouse, true).refused().size());

      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        for (DeadLetter d : first.refused()) {
          publisher.publish(Acknowledgement.of(d.origin(), "a typo for 2025", Instant.now()));
        }
      }
      assertEquals(List.of(), ingest.ingest(bus.bootstrap(), warehouse).refused());
      assertEquals(List.of(), ingest.ingest(bus.bootstrap(), warehouse, true).refused());
      assertEquals(8, SyntheticRuns.count(warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS'"));
    }
  }
}
