package io.benchlake.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.bus.EventPublisher;
import io.benchlake.bus.Topics;
import io.benchlake.bus.testing.SharedBrokerHome;
import io.benchlake.ingest.FlinkCluster;
import io.benchlake.ingest.IngestService;
import io.benchlake.ingest.job.DeadLetter;
import io.benchlake.ingest.testing.SharedMiniCluster;
import io.benchlake.ingest.testing.SyntheticRuns;
import io.benchlake.schemas.Acknowledgement;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.testing.Await;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Incremental ingest gives the answers of a clean rebuild whatever the batches were: an iteration
 * open at the end of a batch, the same events twice, compaction, follow mode and refused events.
 */
class IncrementalIngestIT {
  private static final List<String> VIEWS =
      List.of("runs", "environments", "samples", "iterations", "timings", "thread_stats");

  /** One home and broker for the class: each test ingests into a warehouse of its own. */
  @RegisterExtension static final SharedBrokerHome BROKER = new SharedBrokerHome("incremental");

  /** The batch ingests' jobs; follow mode's streaming job keeps a cluster of its own. */
  @RegisterExtension static final SharedMiniCluster FLINK = new SharedMiniCluster(2);

  private static Warehouse newWarehouse(String name) {
    return new Warehouse(BROKER.home().warehouse().resolveSibling(name));
  }

  private static void publish(List<Event> events) {
    try (EventPublisher publisher = new EventPublisher(BROKER.bootstrap())) {
      events.forEach(publisher::publish);
    }
  }

  /** Every view's full contents, rows sorted, without the ingest that wrote them. */
  static Map<String, List<String>> snapshot(Warehouse warehouse) throws Exception {
    Map<String, List<String>> all = new LinkedHashMap<>();
    try (AnalyticsSession s = AnalyticsSession.open(warehouse);
        Statement st = s.connection().createStatement()) {
      for (String view : VIEWS) {
        List<String> columns = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("DESCRIBE " + view)) {
          while (rs.next()) {
            String c = rs.getString(1);
            if (!c.equals("ingest_seq")) {
              columns.add("\"" + c + "\"");
            }
          }
        }
        List<String> rows = new ArrayList<>();
        String cols = String.join(", ", columns);
        try (ResultSet rs =
            st.executeQuery("SELECT " + cols + " FROM " + view + " ORDER BY " + cols)) {
          int n = rs.getMetaData().getColumnCount();
          while (rs.next()) {
            StringBuilder row = new StringBuilder();
            for (int i = 1; i <= n; i++) {
              row.append(rs.getString(i)).append('\t');
            }
            rows.add(row.toString());
          }
        }
        all.put(view, rows);
      }
    }
    return all;
  }

  private static long count(Warehouse warehouse, String sql) throws Exception {
    try (AnalyticsSession s = AnalyticsSession.open(warehouse);
        ResultSet rs = s.connection().createStatement().executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** A clean rebuild of the whole log into a warehouse of its own. */
  private static Map<String, List<String>> rebuilt(String name) throws Exception {
    Warehouse clean = newWarehouse(name);
    FLINK.ingestService().ingest(BROKER.bootstrap(), clean, true);
    return snapshot(clean);
  }

  @Test
  void anIterationOpenAtTheEndOfABatchIsReadWholeByTheNextAndCompactionChangesNoAnswer()
      throws Exception {
    Warehouse warehouse = newWarehouse("open");
    IngestService ingest = FLINK.ingestService(3);
    ingest.ingest(BROKER.bootstrap(), warehouse); // whatever other tests published
    // A live run (events emitted now): the batch ends after 2 of the 3 samples of threads 2,
    // iteration 1; everything before it in order.
    List<Event> run = SyntheticRuns.run("live", Instant.now());
    int cut = 2 + 4 * 2 + 2; // run_started, environment, threads 1 (2 x 4), 2 samples
    publish(run.subList(0, cut));
    ingest.ingest(BROKER.bootstrap(), warehouse);
    String live =
        "FROM iterations i JOIN runs r USING (run_id) WHERE r.dataset = 'live' AND metric = 'TPS'";
    assertEquals(2, count(warehouse, "SELECT count(*) " + live), "threads 1 only");
    assertEquals(0, count(warehouse, "SELECT count(*) " + live + " AND threads = 2"));

    publish(run.subList(cut, run.size()));
    for (int i = 0; i < 4; i++) { // more small ingests than the partition may keep as files
      publish(SyntheticRuns.run("more" + i, Instant.now()));
      ingest.ingest(BROKER.bootstrap(), warehouse);
    }
    assertEquals(4, count(warehouse, "SELECT count(*) " + live));
    assertEquals(
        3,
        count(
            warehouse,
            "SELECT sum(value) FROM iterations i JOIN runs r USING (run_id) WHERE r.dataset ="
                + " 'live' AND metric = 'sample_count' AND threads = 2 AND iteration = 1"),
        "the iteration open at the end of a batch was aggregated from all its samples");
    assertEquals(
        12,
        SyntheticRuns.count(
            warehouse, WarehouseTable.SAMPLES, "run_id = '" + run.get(0).runId() + "'"),
        "events read again for the open iteration are not written again");
    for (WarehouseTable table : WarehouseTable.values()) {
      Map<String, Long> perPartition = new LinkedHashMap<>();
      warehouse
          .current()
          .files(table)
          .forEach(f -> perPartition.merge(Path.of(f).getParent().toString(), 1L, Long::sum));
      perPartition.forEach(
          (partition, files) -> assertTrue(files <= 3, partition + " has " + files + " files"));
    }
    assertEventsCounted(warehouse);
    assertEquals(rebuilt("open-rebuilt"), snapshot(warehouse));
  }

  /**
   * The warehouse's count of events is the log's below what it read up to, though iterations were
   * held back (it was lost for good at the first held back before), and the commit carries its log
   * and the fingerprints of the last events it read.
   */
  private static void assertEventsCounted(Warehouse warehouse) {
    var current = warehouse.current();
    long below =
        io.benchlake.bus.EventLog.read(BROKER.bootstrap(), Topics.EVENTS, Map.of(), v -> {})
            - io.benchlake.bus.EventLog.read(
                BROKER.bootstrap(), Topics.EVENTS, current.readUpTo(), v -> {});
    assertEquals(below, current.events(), "events below " + current.readUpTo());
    assertTrue(current.log() != null && current.fingerprints() != null, current.toString());
    assertEquals(
        current.readUpTo().entrySet().stream().filter(e -> e.getValue() > 0).count(),
        current.fingerprints().size());
  }

  @Test
  void theSameEventsPublishedTwiceChangeNoCount() throws Exception {
    Warehouse warehouse = newWarehouse("twice");
    IngestService ingest = FLINK.ingestService();
    List<Event> events = new ArrayList<>();
    while (events.size() < 1000) {
      events.addAll(SyntheticRuns.run("twice", Instant.parse("2025-06-01T10:00:00Z")));
    }
    publish(events);
    ingest.ingest(BROKER.bootstrap(), warehouse);
    Map<String, List<String>> once = snapshot(warehouse);
    publish(events);
    ingest.ingest(BROKER.bootstrap(), warehouse);
    assertEquals(once, snapshot(warehouse));
    assertTrue(once.get("samples").size() >= 600, "samples " + once.get("samples").size());
  }

  @Test
  void fiveMalformedRecordsAmongTwoThousandGoToTheDeadLetterTopic() throws Exception {
    Warehouse warehouse = newWarehouse("dlq");
    IngestService ingest = FLINK.ingestService();
    ingest.ingest(BROKER.bootstrap(), warehouse); // whatever other tests published
    long samplesBefore = count(warehouse, "SELECT count(*) FROM samples");
    List<Event> events = new ArrayList<>();
    while (events.size() < 2_000) {
      events.addAll(SyntheticRuns.run("dlq", Instant.parse("2025-07-01T10:00:00Z")));
    }
    publish(events);
    List<String> bad =
        List.of(
            "{not json",
            "[1, 2, 3]",
            "{\"schema\": \"benchlake.sample/99\", \"event_id\": \"x\", \"run_id\": \"r\"}",
            "{\"schema\": \"benchlake.sample/1\", \"event_id\": \"y\"}",
            "{\"schema\": \"benchlake.nonsense/1\", \"event_id\": \"z\", \"run_id\": \"r\"}");
    try (KafkaProducer<String, byte[]> raw =
        new KafkaProducer<>(
            Map.of("bootstrap.servers", BROKER.bootstrap()),
            new StringSerializer(),
            new ByteArraySerializer())) {
      for (String b : bad) {
        raw.send(new ProducerRecord<>(Topics.EVENTS, "bad", b.getBytes())).get();
      }
    }
    IngestService.Result r = ingest.ingest(BROKER.bootstrap(), warehouse);
    assertEquals(5, r.refused().size(), r.refused().toString());
    r.refused()
        .forEach(d -> assertTrue(!d.reason().isBlank() && d.origin().contains("@"), d.toString()));
    long samples = events.stream().filter(e -> e instanceof io.benchlake.schemas.Sample).count();
    assertEquals(samplesBefore + samples, count(warehouse, "SELECT count(*) FROM samples"));
  }

  @Test
  void followIsOneStreamingJobThatCommitsAtCheckpointsAndABatchContinuesWhereItStopped()
      throws Exception {
    Warehouse warehouse = newWarehouse("follow");
    // As `ingest --follow` runs: one MiniCluster for every job, here of 2 task managers.
    FlinkCluster flink = FlinkCluster.shared(2, 2);
    // A run silent for 2 s (not a minute) may have iterations abandoned, so a test can see it.
    IngestService ingest =
        new IngestService(flink, IngestService.DEFAULT_COMPACT_ABOVE)
            .followQuiet(Duration.ofSeconds(2));
    ingest.ingest(BROKER.bootstrap(), warehouse);
    // A dead letter acknowledged before follow reads it stays out without a word, as in a batch.
    Event typo = SyntheticRuns.run("typo", Instant.parse("2300-01-01T00:00:00Z")).get(0);
    String poisoned = publishRaw(typo.runId(), new EventCodec().encode(typo));
    publish(List.of(Acknowledgement.of(poisoned, "a typo for 2025", Instant.now())));
    int jobsBefore = flink.jobsRun();
    AtomicBoolean stop = new AtomicBoolean();
    List<Throwable> failed = new ArrayList<>();
    List<IngestService.Result> commits = new java.util.concurrent.CopyOnWriteArrayList<>();
    Thread follower =
        new Thread(
            () -> {
              try {
                ingest.follow(
                    BROKER.bootstrap(), warehouse, Duration.ofMillis(500), stop::get, commits::add);
              } catch (Throwable t) {
                failed.add(t);
              }
            });
    follower.start();
    // A live run cut inside an iteration (threads 2, iteration 1: 2 of its 3 samples), and one
    // cut the same way when follow stops.
    List<Event> split = SyntheticRuns.run("split", Instant.now());
    List<Event> atStop = SyntheticRuns.run("at-stop", Instant.now());
    int cut = 2 + 4 * 2 + 2; // run_started, environment, threads 1 (2 x 4), 2 samples
    String tps =
        "SELECT count(*) FROM iterations i JOIN runs r USING (run_id) WHERE metric = 'TPS'";
    try {
      // The job has started once a first run is queryable: the latency below is one of a job
      // under way.
      publish(SyntheticRuns.run("warm-up", Instant.now()));
      assertEquals(1, waitFor(warehouse, "SELECT count(*) FROM runs WHERE dataset = 'warm-up'", 1));
      List<Event> followed = SyntheticRuns.run("followed", Instant.now());
      publish(followed);
      long published = System.nanoTime();
      String q =
          "SELECT count(*) FROM samples s JOIN runs r USING (run_id) WHERE r.dataset = 'followed'";
      long seen = waitFor(warehouse, q, 12);
      // for the record (not asserted: timings vary with the machine)
      double latencyS = (System.nanoTime() - published) / 1e9;
      System.out.printf("follow: samples queryable %.1f s after publishing%n", latencyS);
      assertEquals(12, seen);

      // The followed run's start again under its id with another dataset: refused with both
      // versions, as a batch or a rebuild refuses it; the first version stands.
      String start = new String(new EventCodec().encode(followed.get(0)), StandardCharsets.UTF_8);
      String renamed = start.replace("\"dataset\":\"followed\"", "\"dataset\":\"renamed\"");
      assertTrue(!renamed.equals(start), start);
      String conflict =
          publishRaw(followed.get(0).runId(), renamed.getBytes(StandardCharsets.UTF_8));
      DeadLetter refused =
          Await.until(
              () ->
                  commits.stream()
                      .flatMap(c -> c.refused().stream())
                      .filter(d -> d.origin().equals(conflict))
                      .findFirst()
                      .orElse(null),
              d -> d != null,
              Duration.ofSeconds(30),
              "the follow's refusal of " + conflict);
      assertTrue(
          refused.reason().contains("was published before with other content"), refused.reason());
      assertTrue(refused.reason().contains("renamed"), refused.reason());
      awaitCommittedToTheEnd(warehouse);
      assertEquals(0, count(warehouse, "SELECT count(*) FROM runs WHERE dataset = 'renamed'"));
      // acknowledged, so that the other tests' ingests of this log refuse it without a word
      publish(List.of(Acknowledgement.of(conflict, "a test's conflict", Instant.now())));

      publish(split.subList(0, cut));
      assertEquals(2, waitFor(warehouse, tps + " AND r.dataset = 'split'", 2), "threads 1");
      awaitCommittedToTheEnd(warehouse); // its 2 samples read and committed, the iteration open
      assertEquals(2, count(warehouse, tps + " AND r.dataset = 'split'"), "threads 2 still open");
      publish(split.subList(cut, split.size()));
      assertEquals(4, waitFor(warehouse, tps + " AND r.dataset = 'split'", 4));
      assertEquals(
          3,
          count(
              warehouse,
              "SELECT sum(value) FROM iterations i JOIN runs r USING (run_id) WHERE r.dataset ="
                  + " 'split' AND metric = 'sample_count' AND threads = 2 AND iteration = 1"),
          "an iteration open across commits is aggregated from all its samples, once");

      // A run that died two hours ago inside an iteration, imported now: once it has been quiet,
      // its open iteration is written from its 2 samples, marked incomplete, as a batch would.
      List<Event> dead = SyntheticRuns.run("dead", Instant.now().minus(Duration.ofHours(2)));
      publish(dead.subList(0, cut));
      assertEquals(
          1,
          waitFor(
              warehouse,
              tps + " AND r.dataset = 'dead' AND i.status = 'incomplete' AND i.threads = 2",
              1),
          "the abandoned iteration");
      assertEquals(3, count(warehouse, tps + " AND r.dataset = 'dead'"));

      // The same run published twice at once (an import repeated): its iterations end twice
      // within one checkpoint interval, and are still written once per commit.
      List<Event> twice = new ArrayList<>(SyntheticRuns.run("twice", Instant.now()));
      twice.addAll(List.copyOf(twice));
      publish(twice);
      String twiceTps = tps + " AND r.dataset = 'twice'";
      assertEquals(4, waitFor(warehouse, twiceTps, 4));
      awaitCommittedToTheEnd(warehouse); // the second copy's iterations read and committed
      assertEquals(4, count(warehouse, twiceTps), "each iteration once");

      publish(atStop.subList(0, cut));
      assertEquals(2, waitFor(warehouse, tps + " AND r.dataset = 'at-stop'", 2));
    } finally {
      stop.set(true);
      follower.join(60_000);
      flink.close();
    }
    assertTrue(failed.isEmpty(), failed.toString());
    assertTrue(
        !refusedOrigins().contains(poisoned),
        "the acknowledged dead letter " + poisoned + " is not refused again");
    assertEventsCounted(warehouse); // what follow's last commit recorded
    assertTrue(commits.size() >= 3, "commits: " + commits.size());
    assertEquals(jobsBefore + 1, flink.jobsRun(), "one follow job for every commit");
    // What follow left, a later batch continues: the rest of the run cut at the stop, and more.
    publish(atStop.subList(cut, atStop.size()));
    publish(SyntheticRuns.run("after-follow", Instant.now()));
    FLINK.ingestService().ingest(BROKER.bootstrap(), warehouse);
    assertEquals(1, count(warehouse, "SELECT count(*) FROM runs WHERE dataset = 'after-follow'"));
    assertEquals(4, count(warehouse, tps + " AND r.dataset = 'at-stop'"));
    assertEquals(rebuilt("follow-rebuilt"), snapshot(warehouse));
  }

  /** Publishes {@code value} as it is under {@code key}; where it is in the log. */
  private static String publishRaw(String key, byte[] value) throws Exception {
    try (KafkaProducer<String, byte[]> raw =
        new KafkaProducer<>(
            Map.of("bootstrap.servers", BROKER.bootstrap()),
            new StringSerializer(),
            new ByteArraySerializer())) {
      var at = raw.send(new ProducerRecord<>(Topics.EVENTS, key, value)).get();
      return Topics.EVENTS + "/" + at.partition() + "@" + at.offset();
    }
  }

  /**
   * Waits until a commit has read the events topic up to its end now (every event published so
   * far), up to 30 s: what is asserted after it is what those commits left, not a moment's state.
   */
  private void awaitCommittedToTheEnd(Warehouse warehouse) throws Exception {
    java.util.Map<Integer, Long> end = io.benchlake.bus.EventLog.endOffsets(BROKER.bootstrap());
    Await.until(
        () -> warehouse.current().readUpTo(),
        readUpTo ->
            end.entrySet().stream()
                .allMatch(e -> readUpTo.getOrDefault(e.getKey(), 0L) >= e.getValue()),
        Duration.ofSeconds(30),
        "a commit that read up to the log's end " + end);
  }

  /** Where the dead letters in the DLQ came from (benchlake.events/PARTITION@OFFSET). */
  private static List<String> refusedOrigins() {
    List<String> origins = new ArrayList<>();
    io.benchlake.bus.EventLog.read(
        BROKER.bootstrap(),
        Topics.DLQ,
        Map.of(),
        value -> {
          try {
            origins.add(DeadLetter.fromJson(value).origin());
          } catch (java.io.IOException e) {
            origins.add("unreadable dead letter");
          }
        });
    return origins;
  }

  /**
   * The query's count once it reaches {@code want}; fails naming it after 30 s. A warehouse answers
   * the same until its next commit, so the query (a session of its own) is asked again only when
   * the commit has changed, not at every look: those sessions took the cores the job committing
   * needed.
   */
  private static long waitFor(Warehouse warehouse, String query, long want) throws Exception {
    String[] askedAt = {null};
    long[] answer = {0};
    return Await.until(
        () -> {
          String commit = warehouse.commit().id();
          if (!commit.equals(askedAt[0])) {
            answer[0] = count(warehouse, query);
            askedAt[0] = commit;
          }
          return answer[0];
        },
        seen -> seen >= want,
        Duration.ofSeconds(30),
        want + " from " + query);
  }
}
