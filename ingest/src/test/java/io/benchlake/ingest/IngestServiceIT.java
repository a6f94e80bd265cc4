package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventPublisher;
import io.benchlake.bus.Topics;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.DatabaseFacts;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.HostFacts;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.TestEvents;
import io.benchlake.testing.TestDirs;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

class IngestServiceIT {

  /**
   * A run of 2 thread counts x 2 iterations x 3 one-second samples, TPS = 100 x threads +
   * iteration.
   */
  static List<Event> syntheticRun(String dataset, Instant startedAt) {
    String run = EventIds.random();
    List<Event> events = new ArrayList<>();
    Instant now = startedAt;
    events.add(
        new RunStarted(
            null,
            EventIds.random(),
            run,
            now,
            startedAt,
            dataset,
            "sysbench",
            "OLTP_RW",
            null,
            "loadgen",
            new RunParameters(
                "oltp_read_write", 4, 1000L, null, 3.0, "s", 2, List.of(1, 2), 0.0, 1.0, "uniform"),
            List.of(),
            null));
    events.add(
        new EnvironmentSnapshot(
            null,
            EventIds.random(),
            run,
            now,
            startedAt,
            new HostFacts(
                "h", "cpu", 2, 2, 1, 1L << 34, "Linux", "Debian 12", "6.1", "disk", "host"),
            new DatabaseFacts(
                "mariadb",
                "11.4.5-MariaDB",
                "innodb",
                "/x",
                "embedded",
                "a.cnf",
                "a.cnf",
                "[mysqld]\n",
                Map.of("version", "11.4.5-MariaDB"))));
    for (int threads : List.of(1, 2)) {
      for (int it = 1; it <= 2; it++) {
        long tx = 100L * threads + it;
        for (int s = 1; s <= 3; s++) {
          Histogram h = new Histogram(3);
          for (int i = 1; i <= 100; i++) {
            h.recordValue(i * 100L); // 0.1 .. 10 ms
          }
          ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
          int n = h.encodeIntoCompressedByteBuffer(buf);
          String hist = Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n));
          events.add(
              TestEvents.sample()
                  .eventId(EventIds.random())
                  .runId(run)
                  .emittedAt(now)
                  .startedAt(startedAt)
                  .threads(threads)
                  .liveThreads(threads)
                  .iteration(it)
                  .offsetS(s)
                  .transactions(tx)
                  .tps(tx)
                  .qps(tx * 20.0)
                  .readsPs(tx * 14.0)
                  .writesPs(tx * 4.0)
                  .otherPs(tx * 2.0)
                  .latencyAvgMs(5.0)
                  .latencyPct(95.0)
                  .latencyPctMs(9.5)
                  .latencyMaxMs(10.0)
                  .histogram(hist)
                  .build());
        }
        events.add(
            new IterationFinished(
                null,
                EventIds.random(),
                run,
                now,
                startedAt,
                threads,
                it,
                IterationFinished.Status.completed,
                3.0,
                List.of(new IterationValue("TPS", tx, "tx/s", "loadgen:exact")),
                List.of()));
      }
    }
    events.add(
        new RunFinished(
            null, EventIds.random(), run, now, startedAt, RunFinished.Status.completed, null));
    return events;
  }

  static long count(Warehouse warehouse, WarehouseTable table, String where) throws Exception {
    List<Path> files = warehouse.files(table);
    if (files.isEmpty()) {
      return 0;
    }
    String list = files.stream().map(p -> "'" + p + "'").collect(Collectors.joining(","));
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        ResultSet rs =
            c.createStatement()
                .executeQuery(
                    "SELECT count(*) FROM read_parquet(["
                        + list
                        + "], hive_partitioning=true) WHERE "
                        + where)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void batchIngestWritesMonthPartitionedParquetAndAddsNothingTheSecondTime() throws Exception {
    Path dir = TestDirs.fresh("ingest");
    BenchlakeHome home = new BenchlakeHome(dir);
    Warehouse warehouse = new Warehouse(home.warehouse());
    // one MiniCluster for the command's jobs, as `benchlake ingest` keeps it for its alerts' ingest
    try (FlinkCluster flink = FlinkCluster.keptForJobs(2);
        EventBus bus = EventBus.connect(home, Optional.empty())) {
      IngestService ingest = new IngestService(flink, IngestService.DEFAULT_COMPACT_ABOVE);
      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        syntheticRun("A", Instant.parse("2026-03-11T13:22:25Z")).forEach(publisher::publish);
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
      assertEquals(4, count(warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS'"));
      assertEquals(12, count(warehouse, WarehouseTable.SAMPLES, "true"));
      assertEquals(2, count(warehouse, WarehouseTable.RUNS, "month = '2026-03'"));
      assertEquals(
          4,
          count(
              warehouse,
              WarehouseTable.ITERATIONS,
              "metric = 'latency_p95_ms' AND computed AND abs(value - 9.5) < 0.1"));
      assertEquals(
          4,
          count(
              warehouse,
              WarehouseTable.ITERATIONS,
              "metric = 'TPS' AND NOT computed AND source = 'loadgen:exact'"));
      assertEquals(
          1,
          count(
              warehouse,
              WarehouseTable.ITERATIONS,
              "metric = 'TPS' AND threads = 2 AND iteration = 1 AND value = 201"));

      IngestService.Result again = ingest.ingest(bus.bootstrap(), warehouse);
      assertTrue(again.nothingNew());
      assertEquals(first.seq(), warehouse.current().seq());
      assertEquals(4, count(warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS'"));

      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        syntheticRun("B", Instant.parse("2026-04-02T10:00:00Z")).forEach(publisher::publish);
      }
      // a few events on the cluster that ran the first job: pipelined, the same rows
      IngestService.Result second = ingest.ingestFew(bus.bootstrap(), warehouse);
      assertEquals(first.seq() + 1, second.seq());
      assertEquals(2, flink.jobsRun(), "one cluster ran both jobs (nothing new ran none)");
      assertEquals(8, count(warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS'"));
      assertEquals(
          4, count(warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS' AND month = '2026-04'"));
      try (var walk = Files.walk(home.warehouse())) {
        assertTrue(walk.noneMatch(p -> p.toString().contains("_staging")), "staging is cleaned up");
      }
    }
  }
}
