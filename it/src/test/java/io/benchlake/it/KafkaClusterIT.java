package io.benchlake.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventLog;
import io.benchlake.bus.EventPublisher;
import io.benchlake.bus.Topics;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.IngestService;
import io.benchlake.ingest.testing.SharedMiniCluster;
import io.benchlake.ingest.testing.SyntheticRuns;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.testing.Fixtures;
import io.benchlake.testing.TestDirs;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Cluster mode on a 3-broker KRaft cluster: a broker lost while publishing loses nothing; an import
 * into a topic of 3 partitions is whole for an ingest started the moment it returns, its datasets
 * first logged in the report's order.
 */
class KafkaClusterIT {
  /** The ingests' jobs, whichever cluster they read. */
  @RegisterExtension static final SharedMiniCluster FLINK = new SharedMiniCluster(2);

  @Test
  void aBrokerStoppedDuringAPublishLosesAndDoublesNothing() throws Exception {
    Path dir = TestDirs.fresh("cluster");
    BenchlakeHome home = new BenchlakeHome(dir.resolve("home"));
    try (KafkaTestCluster cluster = new KafkaTestCluster(dir.resolve("kafka"), 3);
        EventBus bus = on(cluster, home, 3)) {
      try (Admin admin =
          Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrap()))) {
        var topic =
            admin.describeTopics(List.of(Topics.EVENTS)).allTopicNames().get(30, TimeUnit.SECONDS);
        var description = topic.get(Topics.EVENTS);
        assertEquals(3, description.partitions().size());
        assertTrue(description.partitions().stream().allMatch(p -> p.replicas().size() == 3));
      }
      // 2,000 events, 1,000 on each side of the broker's death: every partition gets events
      // before it and after it, when the partitions it led have moved to another leader.
      List<Event> events = new ArrayList<>();
      while (events.size() < 2_000) {
        events.addAll(
            SyntheticRuns.run(
                "cluster", Instant.parse("2026-05-01T00:00:00Z").plusSeconds(events.size())));
      }
      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        for (int i = 0; i < events.size(); i++) {
          if (i == events.size() / 2) {
            publisher.flush();
            cluster.stop(2); // one of three brokers dies in the middle of the publish
          }
          publisher.publish(events.get(i));
        }
      }
      EventCodec codec = new EventCodec();
      Set<String> ids = new HashSet<>();
      long read =
          EventLog.readAll(
              bus.bootstrap(),
              v -> {
                try {
                  ids.add(codec.decode(v).eventId());
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      assertEquals(events.size(), read, "nothing lost, nothing doubled in the log");
      assertEquals(events.size(), ids.size());

      Warehouse warehouse = new Warehouse(home.warehouse());
      IngestService.Result r = FLINK.ingestService().ingest(bus.bootstrap(), warehouse);
      assertEquals(events.size(), r.eventsRead());
      long samples = events.stream().filter(e -> e instanceof io.benchlake.schemas.Sample).count();
      assertEquals(
          samples, SyntheticRuns.count(warehouse, WarehouseTable.SAMPLES, "true"), "ingested once");
    }
  }

  @Test
  void anIngestRightAfterAnImportReadsAllOfItInTheReportsDatasetOrderAcrossPartitions()
      throws Exception {
    Path dir = TestDirs.fresh("cluster-order");
    Path report = Fixtures.path("taf-report", "oltp_rw_11.4-13.0.txt");
    List<String> inReport =
        java.nio.file.Files.readAllLines(report).stream()
            .filter(l -> l.startsWith("Threads\t"))
            .findFirst()
            .map(l -> List.of(l.split("\t")).subList(1, l.split("\t").length))
            .orElseThrow();
    try (KafkaTestCluster cluster = new KafkaTestCluster(dir.resolve("kafka"), 3);
        EventBus bus = on(cluster, new BenchlakeHome(dir.resolve("home")), 3)) {
      var service = new io.benchlake.importers.ImportService();
      var parsed =
          service.parse(
              io.benchlake.importers.ImportRequest.builder(
                      new io.benchlake.importers.taf.TafReportFormat(), List.of(report))
                  .host("test")
                  .build(),
              System.err);
      assertTrue(parsed.events() > 0, "parsed " + parsed.failures());
      service.publish(parsed, bus.bootstrap(), new BenchlakeHome(dir.resolve("home")));
      Warehouse warehouse = new Warehouse(dir.resolve("warehouse"));
      IngestService.Result r = FLINK.ingestService().ingest(bus.bootstrap(), warehouse);
      assertEquals(parsed.events(), r.eventsRead(), "the events, not the transaction markers");
      List<String> partitions = new ArrayList<>();
      List<String> logged = new ArrayList<>();
      long previous = Long.MIN_VALUE;
      String list =
          warehouse.files(WarehouseTable.RUNS).stream()
              .map(f -> "'" + f + "'")
              .collect(java.util.stream.Collectors.joining(","));
      try (var c = java.sql.DriverManager.getConnection("jdbc:duckdb:");
          var rs =
              c.createStatement()
                  .executeQuery(
                      "SELECT dataset, log_timestamp, log_partition FROM read_parquet(["
                          + list
                          + "], union_by_name = true) WHERE kind = 'run_started'"
                          + " ORDER BY log_timestamp")) {
        while (rs.next()) {
          logged.add(rs.getString(1));
          assertTrue(rs.getLong(2) > previous, "log timestamps strictly increase: " + logged);
          previous = rs.getLong(2);
          partitions.add(rs.getString(3));
        }
      }
      assertEquals(inReport, logged, "first logged in the report's order");
      assertTrue(new HashSet<>(partitions).size() > 1, "spread over partitions: " + partitions);
    }
  }

  @Test
  void anEventsTopicThatWouldExpireEventsIsRefused() throws Exception {
    Path dir = TestDirs.fresh("cluster-retention");
    try (KafkaTestCluster cluster = new KafkaTestCluster(dir.resolve("kafka"), 1)) {
      try (Admin admin =
          Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrap()))) {
        admin
            .createTopics(
                List.of(
                    new NewTopic(Topics.EVENTS, 1, (short) 1)
                        .configs(Map.of("retention.ms", "604800000"))))
            .all()
            .get(30, TimeUnit.SECONDS);
      }
      BadInputException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              BadInputException.class,
              () -> on(cluster, new BenchlakeHome(dir.resolve("home")), 1).close());
      assertTrue(
          e.getMessage().contains("would delete events (retention.ms=604800000)"), e.getMessage());
    }
  }

  /**
   * A topic of one partition (as the embedded broker made before it made two): one reader deals the
   * events out to both parsers, so a run's samples and its finish events reach the aggregate in any
   * order; every iteration is still aggregated whole, once, and one still open waits.
   */
  @Test
  void aTopicOfOnePartitionIsDealtToEveryParserAndEachIterationAggregatedWhole() throws Exception {
    Path dir = TestDirs.fresh("cluster-one-partition");
    BenchlakeHome home = new BenchlakeHome(dir.resolve("home"));
    try (KafkaTestCluster cluster = new KafkaTestCluster(dir.resolve("kafka"), 1);
        EventBus bus = on(cluster, home, 1)) {
      List<Event> whole = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        whole.addAll(
            SyntheticRuns.run("one-" + i, Instant.parse("2026-04-01T00:00:00Z").plusSeconds(i)));
      }
      List<Event> cut = SyntheticRuns.run("cut", Instant.now());
      int at = 2 + 4 * 2 + 2; // run_started, environment, threads 1 (2 x 4), 2 samples
      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        whole.forEach(publisher::publish);
        cut.subList(0, at).forEach(publisher::publish);
      }
      assertEquals(1, EventLog.endOffsets(bus.bootstrap()).size(), "one partition");
      Warehouse warehouse = new Warehouse(home.warehouse());
      FLINK.ingestService().ingest(bus.bootstrap(), warehouse);
      assertEquals(
          20 * 4 + 2,
          SyntheticRuns.count(warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS'"),
          "every iteration but the open one");
      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        cut.subList(at, cut.size()).forEach(publisher::publish);
      }
      FLINK.ingestService().ingest(bus.bootstrap(), warehouse);
      assertEquals(
          20 * 4 + 4,
          SyntheticRuns.count(
              warehouse, WarehouseTable.ITERATIONS, "metric = 'sample_count' AND value = 3"),
          "each iteration once, from its 3 samples");
      assertEquals(
          21 * 12, SyntheticRuns.count(warehouse, WarehouseTable.SAMPLES, "true"), "once each");
    }
  }

  /** The event bus of {@code home} on the test cluster, its topics of {@code partitions}. */
  private static EventBus on(KafkaTestCluster cluster, BenchlakeHome home, int partitions) {
    return EventBus.connect(
        home,
        Optional.of(cluster.bootstrap()),
        Optional.empty(),
        new Topics.Layout(partitions, (short) 0));
  }
}
