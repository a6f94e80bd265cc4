package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.bus.BusException;
import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventPublisher;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.home.EnvironmentException;
import io.benchlake.ingest.testing.SharedMiniCluster;
import io.benchlake.ingest.testing.SyntheticRuns;
import io.benchlake.testing.Await;
import io.benchlake.testing.TestDirs;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Committed offsets belong to their log, and a rebuild never replaces a good warehouse. */
@Timeout(180)
class LogIntegrityIT {
  /**
   * The ingests of the tests of a log's identity and damage; those of a broker failing under an
   * ingest keep their own cluster.
   */
  @RegisterExtension static final SharedMiniCluster FLINK = new SharedMiniCluster(1);

  private static void publishRuns(String bootstrap, String prefix, int runs) {
    try (EventPublisher publisher = new EventPublisher(bootstrap)) {
      for (int run = 0; run < runs; run++) {
        SyntheticRuns.run(prefix + run, Instant.parse("2026-03-11T13:22:25Z").plusSeconds(run))
            .forEach(publisher::publish);
      }
    }
  }

  /**
   * A warehouse of 4 runs ingested from the home's broker, which is stopped again; its TPS rows.
   */
  private static long ingestedRuns(BenchlakeHome home, Warehouse warehouse, IngestService ingest)
      throws Exception {
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      publishRuns(bus.bootstrap(), "R", 4);
      ingest.ingest(bus.bootstrap(), warehouse);
    }
    return tps(warehouse);
  }

  private static long tps(Warehouse warehouse) throws Exception {
    return SyntheticRuns.count(warehouse, WarehouseTable.ITERATIONS, "metric = 'TPS'");
  }

  @Test
  void offsetsOfAnotherLogAreRefusedNamingBothAndAnOldManifestAdoptsItsLog() throws Exception {
    Path dir = TestDirs.fresh("log-identity");
    Warehouse warehouse = new Warehouse(dir.resolve("shared-warehouse"));
    IngestService ingest = FLINK.ingestService();
    try (EventBus first = EventBus.connect(new BenchlakeHome(dir.resolve("a")), Optional.empty())) {
      publishRuns(first.bootstrap(), "A", 2);
      ingest.ingest(first.bootstrap(), warehouse);
      assertNotNull(warehouse.current().log(), "the commit records its log");

      // A manifest written before logs were recorded adopts the log that reaches its offsets.
      Path manifest = warehouse.root().resolve("_ingest/" + warehouse.current().seq() + ".json");
      String json = Files.readString(manifest);
      Files.writeString(manifest, writtenBeforeLogsWereRecorded(json));
      assertEquals(null, warehouse.current().log());
      publishRuns(first.bootstrap(), "A2-", 1);
      ingest.ingest(first.bootstrap(), warehouse);
      assertNotNull(warehouse.current().log(), "adopted");
    }
    long before = tps(warehouse);
    try (EventBus second =
        EventBus.connect(new BenchlakeHome(dir.resolve("b")), Optional.empty())) {
      publishRuns(second.bootstrap(), "B", 1);
      EnvironmentException e =
          assertThrows(
              EnvironmentException.class, () -> ingest.ingest(second.bootstrap(), warehouse));
      assertEquals(1, e.getMessage().lines().count(), e.getMessage());
      assertTrue(e.getMessage().contains("--rebuild"), e.getMessage());
      assertTrue(e.getMessage().contains(warehouse.current().log().clusterId()), e.getMessage());
      assertEquals(before, tps(warehouse), "nothing changed");

      // The same warehouse without a recorded log: this log ends below its offsets, refused.
      Path manifest = warehouse.root().resolve("_ingest/" + warehouse.current().seq() + ".json");
      String recorded = Files.readString(manifest);
      Files.writeString(manifest, writtenBeforeLogsWereRecorded(recorded));
      EnvironmentException old =
          assertThrows(
              EnvironmentException.class, () -> ingest.ingest(second.bootstrap(), warehouse));
      assertTrue(old.getMessage().contains("ends before"), old.getMessage());
      assertEquals(before, tps(warehouse), "nothing changed");

      // The way out the first message gives: a rebuild from this log alone.
      Files.writeString(manifest, recorded);
      ingest.ingest(second.bootstrap(), warehouse, true);
      assertEquals(4, tps(warehouse));
    }
  }

  /**
   * A manifest as a version before logs were recorded wrote it: no log, and (older still than
   * manifests' own checksums) no checksum.
   */
  private static String writtenBeforeLogsWereRecorded(String json) {
    return json.replaceAll("(?s)\"log\"\\s*:\\s*\\{[^}]*\\}", "\"log\" : null")
        .replaceAll("(?s),\\s*\"manifestSha256\"\\s*:\\s*\"[0-9a-f]*\"", "");
  }

  /** The first segment of each partition of the events topic in a home's broker directory. */
  private static List<Path> segments(Path home) throws Exception {
    try (Stream<Path> walk = Files.walk(home.resolve("kafka"))) {
      return walk.filter(
              p ->
                  p.getParent().getFileName().toString().startsWith("benchlake.events-")
                      && p.getFileName().toString().endsWith(".log"))
          .sorted()
          .toList();
    }
  }

  /** The events segment holding the most bytes: which partition a run's events go to varies. */
  private static Path fullestSegment(Path home) throws Exception {
    Path fullest = null;
    for (Path segment : segments(home)) {
      if (fullest == null || Files.size(segment) > Files.size(fullest)) {
        fullest = segment;
      }
    }
    assertTrue(fullest != null && Files.size(fullest) > 0, "an events segment with records");
    return fullest;
  }

  /** What a test does to the broker's directory of a home whose log was ingested. */
  private interface Damage {
    void to(Path home) throws Exception;
  }

  /**
   * Ingests 4 runs, damages the log with the broker stopped, and checks that a rebuild then refuses
   * in one line and leaves the warehouse whole.
   */
  private static void aRebuildKeepsTheWarehouseAfter(String name, Damage damage) throws Exception {
    Path dir = TestDirs.fresh(name);
    BenchlakeHome home = new BenchlakeHome(dir);
    Warehouse warehouse = new Warehouse(home.warehouse());
    IngestService ingest = FLINK.ingestService();
    long before = ingestedRuns(home, warehouse, ingest);
    damage.to(dir);
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      EnvironmentException e =
          assertThrows(
              EnvironmentException.class, () -> ingest.ingest(bus.bootstrap(), warehouse, true));
      assertEquals(1, e.getMessage().lines().count(), e.getMessage());
      assertTrue(e.getMessage().contains("warehouse is kept"), e.getMessage());
      assertEquals(before, tps(warehouse), "the old warehouse, whole");
      assertTrue(Files.notExists(dir.resolve("warehouse.rebuild")));
    }
  }

  @Test
  void aRebuildOverATruncatedSegmentKeepsTheWarehouse() throws Exception {
    aRebuildKeepsTheWarehouseAfter(
        "rebuild-truncated",
        dir -> {
          for (Path segment : segments(dir)) {
            try (RandomAccessFile f = new RandomAccessFile(segment.toFile(), "rw")) {
              f.setLength(f.length() / 2);
            }
          }
          // Without the clean-shutdown marker the broker recovers the segments, as after a crash.
          try (Stream<Path> walk = Files.walk(dir.resolve("kafka"))) {
            for (Path p :
                walk.filter(p -> p.getFileName().toString().contains("cleanshutdown")).toList()) {
              Files.delete(p);
            }
          }
        });
  }

  /**
   * Bytes of the first record batch's records flipped, its header whole: the broker loads the
   * segment (a clean shutdown, no recovery), and the batch's CRC tells its reader it is corrupt.
   */
  @Test
  void aRebuildOverACorruptedSegmentKeepsTheWarehouse() throws Exception {
    aRebuildKeepsTheWarehouseAfter(
        "rebuild-corrupt",
        dir -> {
          try (RandomAccessFile f = new RandomAccessFile(fullestSegment(dir).toFile(), "rw")) {
            f.seek(BATCH_LENGTH_AT);
            long batchEnd = BATCH_LENGTH_AT + Integer.BYTES + f.readInt();
            assertTrue(batchEnd > RECORDS_AT + 16 && batchEnd <= f.length(), "a whole batch");
            for (long at = RECORDS_AT; at < RECORDS_AT + 16; at++) {
              f.seek(at);
              int b = f.read();
              f.seek(at);
              f.write(b ^ 0xFF);
            }
          }
        });
  }

  /** Where a Kafka record batch (magic 2) keeps its length, and where its records begin. */
  private static final long BATCH_LENGTH_AT = 8;

  private static final long RECORDS_AT = 61;

  /**
   * A segment Kafka cannot load (zeros where the next batch's header would be) is a fatal fault
   * while the broker starts: the start ends at once in one line naming the broker's log, where it
   * waited for a controller that had gone until something interrupted it. (Kafka 4.4, after a clean
   * shutdown, reads a segment's batches from its last index entry to its end to find the next
   * offset; a header of zeros there is a CorruptRecordException while the LogManager starts, which
   * Kafka treats as fatal: a halt, taken over by BrokerFaults.)
   */
  @Test
  @Timeout(90)
  void aSegmentTheBrokerCannotLoadEndsItsStartInOneLine() throws Exception {
    Path dir = TestDirs.fresh("unloadable-segment");
    BenchlakeHome home = new BenchlakeHome(dir);
    Warehouse warehouse = new Warehouse(home.warehouse());
    long before = ingestedRuns(home, warehouse, FLINK.ingestService());
    for (Path segment : segments(dir)) {
      Files.write(segment, new byte[64], java.nio.file.StandardOpenOption.APPEND);
    }
    BusException e =
        assertThrows(BusException.class, () -> EventBus.connect(home, Optional.empty()).close());
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    assertTrue(e.getMessage().contains("stopped on a fatal fault"), e.getMessage());
    assertTrue(
        e.getMessage().contains(home.kafka().resolve("data").toAbsolutePath().toString()),
        e.getMessage());
    assertEquals(before, tps(warehouse), "the warehouse, untouched");
    assertTrue(!Thread.currentThread().isInterrupted(), "no interrupt left to the caller");
  }

  /**
   * Kafka halts its process when its log directory fails; the in-process broker stops instead, and
   * the ingest says so in one line naming the directory (before, this JVM ended with status 1).
   */
  @Test
  void aFailedLogDirectoryIsOneLineNamingItAndTheProcessLivesOn() throws Exception {
    Path dir = TestDirs.fresh("log-dir-failed");
    BenchlakeHome home = new BenchlakeHome(dir);
    Warehouse warehouse = new Warehouse(home.warehouse());
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      publishRuns(bus.bootstrap(), "F", 1);
      Path logDir = home.kafka().resolve("data").toAbsolutePath();
      Files.move(logDir, logDir.resolveSibling("data.gone")); // each file written anew there fails
      Await.until(
          () -> io.benchlake.bus.BrokerFaults.describe(bus.bootstrap()).isPresent(),
          Duration.ofSeconds(60),
          "the broker to notice its failed directory");
      EnvironmentException e =
          assertThrows(
              EnvironmentException.class,
              () -> new IngestService(1).ingest(bus.bootstrap(), warehouse));
      assertEquals(1, e.getMessage().lines().count(), e.getMessage());
      assertTrue(e.getMessage().contains(logDir.toString()), e.getMessage());
      assertTrue(e.getMessage().contains("nothing was committed"), e.getMessage());
      assertEquals(0, warehouse.current().seq());
    }
  }

  @Test
  void aBrokerThatGoesAwayUnderAnIngestIsOneLineAndCommitsNothing() throws Exception {
    Path dir = TestDirs.fresh("broker-gone");
    Warehouse warehouse = new Warehouse(dir.resolve("warehouse"));
    List<String> command = new java.util.ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(BrokerChild.class.getName());
    command.add(dir.resolve("broker-home").toString());
    Process broker = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      String bootstrap = bootstrapOf(broker);
      publishRuns(bootstrap, "G", 2);
      java.util.concurrent.atomic.AtomicBoolean killed =
          new java.util.concurrent.atomic.AtomicBoolean();
      // The broker is killed the first time the running job is watched: the job is under way.
      IngestService ingest =
          new IngestService(1)
              .brokerWatch(
                  b -> {
                    BrokerWatch real = new BrokerWatch(b);
                    return () -> {
                      if (killed.compareAndSet(false, true)) {
                        broker.destroyForcibly(); // SIGKILL: no goodbye to the clients
                      }
                      return real.problem();
                    };
                  });
      EnvironmentException e =
          assertThrows(EnvironmentException.class, () -> ingest.ingest(bootstrap, warehouse));
      assertTrue(killed.get());
      assertEquals(1, e.getMessage().lines().count(), e.getMessage());
      assertTrue(e.getMessage().contains("went away"), e.getMessage());
      assertEquals(0, warehouse.current().seq(), "nothing committed");
    } finally {
      broker.destroyForcibly();
    }
  }

  /** The bootstrap address the child broker prints once it listens. */
  private static String bootstrapOf(Process broker) throws Exception {
    var lines =
        new java.io.BufferedReader(
            new java.io.InputStreamReader(
                broker.getInputStream(), java.nio.charset.StandardCharsets.UTF_8));
    for (String line; (line = lines.readLine()) != null; ) {
      if (line.startsWith("bootstrap ")) {
        // Its log goes on: keep the pipe drained so the child never blocks on it.
        Thread drain =
            new Thread(
                () -> {
                  try {
                    while (lines.readLine() != null) {}
                  } catch (java.io.IOException ignored) {
                    // the child was killed
                  }
                });
        drain.setDaemon(true);
        drain.start();
        return line.substring("bootstrap ".length()).strip();
      }
    }
    throw new IllegalStateException("the broker child ended before listening");
  }
}
