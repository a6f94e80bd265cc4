package io.benchlake.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventPublisher;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.IngestService;
import io.benchlake.ingest.testing.SyntheticRuns;
import io.benchlake.schemas.Event;
import io.benchlake.testing.Await;
import io.benchlake.testing.TestDirs;
import io.benchlake.warehouse.Warehouse;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * kill -9 of an ingest process in the middle of writing, then a rerun: every view's contents equal
 * those of a clean rebuild.
 */
class CrashRecoveryIT {
  @Test
  void anIngestKilledWhileWritingLeavesTheOldStateAndTheRerunEqualsARebuild() throws Exception {
    Path dir = TestDirs.fresh("crash");
    BenchlakeHome home = new BenchlakeHome(dir);
    Warehouse warehouse = new Warehouse(dir.resolve("crashed"));
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        SyntheticRuns.run("before", Instant.parse("2026-01-05T10:00:00Z"))
            .forEach(publisher::publish);
      }
      new IngestService(2).ingest(bus.bootstrap(), warehouse);
      long seqBefore = warehouse.current().seq();
      var before = IncrementalIngestIT.snapshot(warehouse);

      // 300 runs (5,700 events): the job's Parquet files are open about 2.5 s on a quiet machine,
      // longer on a busy one, against the at most 0.2 s between one look at staging and the next;
      // that the kill came while they were open is asserted below, not assumed.
      List<Event> many = new ArrayList<>();
      for (int r = 0; r < 300; r++) {
        many.addAll(
            SyntheticRuns.run(
                "bulk" + (r % 7), Instant.parse("2026-02-01T00:00:00Z").plusSeconds(3600L * r)));
      }
      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        many.forEach(publisher::publish);
      }

      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
      command.add("-cp");
      command.add(System.getProperty("java.class.path"));
      command.add(IngestChild.class.getName());
      command.add(bus.bootstrap());
      command.add(warehouse.root().toString());
      Process child =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("child.log").toFile())
              .start();
      Path staging = warehouse.root().resolve("_staging");
      Await.until(
          () -> hasDataFiles(staging, "part-") || !child.isAlive(),
          Duration.ofSeconds(120),
          "the child ingest's first data file under " + staging);
      assertTrue(child.isAlive(), "the child ingest was still writing when killed");
      child.destroyForcibly(); // SIGKILL on Linux: no shutdown hooks, no cleanup
      child.waitFor(30, TimeUnit.SECONDS);
      assertTrue(
          hasDataFiles(staging, ".inprogress"),
          "the kill came while the child was writing: a Parquet file left in progress under "
              + staging);
      assertEquals(seqBefore, warehouse.current().seq(), "the killed ingest committed nothing");
      assertEquals(before, IncrementalIngestIT.snapshot(warehouse), "the old state is intact");

      new IngestService(2).ingest(bus.bootstrap(), warehouse);
      Warehouse clean = new Warehouse(dir.resolve("clean"));
      new IngestService(2).ingest(bus.bootstrap(), clean, true);
      assertEquals(IncrementalIngestIT.snapshot(clean), IncrementalIngestIT.snapshot(warehouse));
      try (var walk = Files.walk(warehouse.root())) {
        assertTrue(walk.noneMatch(p -> p.toString().contains("_staging")), "no staging left");
      }
    }
  }

  /**
   * Whether staging holds a file whose name contains {@code marker}: "part-" for any Parquet file
   * Flink has started (in progress or finished), ".inprogress" for one opened and not yet finished.
   */
  private static boolean hasDataFiles(Path staging, String marker) throws Exception {
    if (!Files.isDirectory(staging)) {
      return false;
    }
    try (var walk = Files.walk(staging)) {
      return walk.anyMatch(p -> p.getFileName().toString().contains(marker));
    }
  }
}
