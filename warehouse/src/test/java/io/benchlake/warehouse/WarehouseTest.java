package io.benchlake.warehouse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.home.EnvironmentException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WarehouseTest {
  @TempDir Path dir;

  @Test
  void aSecondWriterIsRefusedNamingTheFirst() throws Exception {
    Warehouse w = new Warehouse(dir);
    try (AutoCloseable held = w.lock()) {
      BadInputException e = assertThrows(BadInputException.class, () -> new Warehouse(dir).lock());
      assertTrue(
          e.getMessage().contains("process " + ProcessHandle.current().pid()), e.getMessage());
    }
    w.lock().close(); // free again once released
  }

  @Test
  void aWarehouseThatCannotBeLockedIsOneEnvironmentLineNotAStackTrace() throws Exception {
    // as on a read-only mount, the lock file cannot be opened for writing (here: it is a directory)
    Files.createDirectories(dir.resolve("_ingest/LOCK"));
    EnvironmentException e =
        assertThrows(EnvironmentException.class, () -> new Warehouse(dir).lock());
    assertTrue(
        e.getMessage().startsWith("cannot lock the warehouse " + dir + " for writing: "),
        e.getMessage());
    assertTrue(e.getMessage().contains("LOCK"), e.getMessage());
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
  }

  @Test
  void aCommitListsTheStagedFilesAndAnUncommittedFileIsRemoved() throws Exception {
    Warehouse w = new Warehouse(dir);
    IngestTransaction ingest = w.beginIngest();
    Path staged = ingest.staging().resolve("samples/month=2026-03/part-1-0.parquet");
    Files.createDirectories(staged.getParent());
    Files.writeString(staged, "x");
    Files.writeString(staged.resolveSibling(".part-1-1.inprogress"), "hidden");
    Manifest m = ingest.commit(Manifest.Progress.at(Map.of(0, 42L)));
    assertEquals(1, m.seq());
    assertEquals(42L, w.current().offsets().get(0));
    assertEquals(1, w.files(WarehouseTable.SAMPLES).size());
    assertFalse(Files.exists(dir.resolve("_staging")));
    Path orphan = dir.resolve("samples/month=2026-03/part-9-0.parquet");
    Files.writeString(orphan, "left by a crashed ingest");
    assertEquals(1, w.removeUncommitted());
    assertFalse(Files.exists(orphan));
    assertEquals(1, w.files(WarehouseTable.SAMPLES).size());
  }

  @Test
  void clearLeavesAnEmptyWarehouse() throws Exception {
    Warehouse w = new Warehouse(dir);
    IngestTransaction ingest = w.beginIngest();
    Path staged = ingest.staging().resolve("runs/month=2026-03/part-1-0.parquet");
    Files.createDirectories(staged.getParent());
    Files.writeString(staged, "x");
    ingest.commit(Manifest.Progress.at(Map.of(0, 1L)));
    w.clear();
    assertEquals(0, w.current().seq());
    assertTrue(w.files(WarehouseTable.RUNS).isEmpty());
  }

  @Test
  void onlyTheLastTenManifestsAreKept() throws Exception {
    Warehouse w = new Warehouse(dir);
    for (long seq = 1; seq <= 25; seq++) {
      IngestTransaction ingest = w.beginIngest();
      Files.createDirectories(ingest.staging());
      ingest.commit(Manifest.Progress.at(Map.of(0, seq)));
    }
    try (var files = Files.list(dir.resolve("_ingest"))) {
      assertEquals(10, files.filter(f -> f.getFileName().toString().endsWith(".json")).count());
    }
    assertEquals(25, w.current().seq());
    assertEquals(25L, w.current().offsets().get(0));
  }

  @Test
  void anIngestThatWroteNoFileCommitsItsOffsets() throws Exception {
    // A batch that read only a transaction's commit marker: no file, no staging directory.
    Warehouse w = new Warehouse(dir);
    w.beginIngest().commit(Manifest.Progress.at(Map.of(0, 7L)));
    assertEquals(7L, w.current().offsets().get(0));
  }

  @Test
  void aFollowIngestBegunAsABatchOneCommitsWhatIsFinishedAndKeepsItsStagingDirectory()
      throws Exception {
    Warehouse w = new Warehouse(dir);
    w.beginIngest().commit(Manifest.Progress.at(Map.of(0, 2L)));
    Path leftover = dir.resolve("_staging/9/runs/part-9-0.parquet");
    Files.createDirectories(leftover.getParent());
    Files.writeString(leftover, "a crashed ingest's");
    IngestTransaction follow = w.beginIngest();
    assertEquals(2, follow.seq());
    assertFalse(Files.exists(leftover), "begun as any ingest: what none committed is gone");
    Path done = follow.staging().resolve("samples/month=2026-03/part-follow-a-0-0.parquet");
    Path writing = done.resolveSibling(".part-follow-a-0-1.parquet.inprogress");
    Files.createDirectories(done.getParent());
    Files.writeString(done, "x");
    Files.writeString(writing, "being written");

    follow.commitSoFar(3, new Manifest.Progress(Map.of(0, 5L), Map.of(0, 9L), null));
    assertEquals(3, w.current().seq());
    assertEquals(5L, w.current().offsets().get(0));
    assertEquals(9L, w.current().readUpTo().get(0));
    assertEquals(1, w.files(WarehouseTable.SAMPLES).size());
    assertTrue(Files.exists(writing), "the job's file being written stays where it is");

    Files.move(writing, done.resolveSibling("part-follow-a-0-1.parquet")); // rolled over
    follow.commitSoFar(4, new Manifest.Progress(Map.of(0, 8L), Map.of(0, 9L), null));
    assertEquals(2, w.files(WarehouseTable.SAMPLES).size());
    assertTrue(Files.isDirectory(follow.staging()), "the job goes on writing there");
    assertThrows(
        IllegalArgumentException.class,
        () -> follow.commitSoFar(1, new Manifest.Progress(Map.of(0, 8L), Map.of(0, 9L), null)));
  }

  @Test
  void aCommitRecordsEachFileSizeAndHashAndVerifyNamesAFlippedByte() throws Exception {
    Warehouse w = new Warehouse(dir);
    IngestTransaction ingest = w.beginIngest();
    stage(ingest, "runs/month=2026-03/part-1-0.parquet", "0123456789");
    Manifest m = ingest.commit(Manifest.Progress.at(Map.of(0, 1L)));
    Manifest.FileFacts facts = m.facts().get("runs/month=2026-03/part-1-0.parquet");
    assertEquals(10, facts.size());
    assertEquals(
        "84d89877f0d4041efb6bf91a16f0248f2fd573e6af05c19f96bedb9f882f7882", facts.sha256());
    assertTrue(w.damagedFiles().isEmpty());
    Path committed = dir.resolve("runs/month=2026-03/part-1-0.parquet");
    Files.writeString(committed, "0123456780"); // same size, one byte flipped
    w.currentChecked(); // sizes match: a read goes on
    assertEquals(1, w.damagedFiles().size());
    assertTrue(w.damagedFiles().get(0).startsWith(committed.toString()));
    Files.writeString(committed, "01234");
    io.benchlake.home.EnvironmentException e =
        assertThrows(io.benchlake.home.EnvironmentException.class, w::currentChecked);
    assertTrue(
        e.getMessage().contains(committed + " (5 bytes, committed with 10)"), e.getMessage());
  }

  @Test
  void aManifestWrittenBeforeFactsAndLogsReadsWithoutThem() throws Exception {
    Files.createDirectories(dir.resolve("_ingest"));
    Files.writeString(
        dir.resolve("_ingest/4.json"),
        "{\"seq\":4,\"committedAt\":\"2026-03-01T00:00:00Z\",\"offsets\":{\"0\":7},"
            + "\"files\":{\"runs\":[\"runs/month=2026-03/part-1-0.parquet\"]}}");
    Files.writeString(dir.resolve("_ingest/CURRENT"), "4\n");
    Manifest m = new Warehouse(dir).current();
    assertEquals(7L, m.readUpTo().get(0));
    assertEquals(null, m.log());
    assertEquals(null, m.events());
    assertTrue(m.facts().isEmpty());
    assertTrue(new Warehouse(dir).damagedFiles().isEmpty(), "files without facts are not judged");
  }

  @Test
  void manifestsWithoutCurrentAreADamagedWarehouseNotAnEmptyOne() throws Exception {
    Warehouse w = new Warehouse(dir);
    w.beginIngest().commit(Manifest.Progress.at(Map.of(0, 1L)));
    Files.delete(dir.resolve("_ingest/CURRENT"));
    assertThrows(io.benchlake.home.EnvironmentException.class, w::current);
  }

  private static void stage(IngestTransaction ingest, String file, String content)
      throws Exception {
    Path staged = ingest.staging().resolve(file);
    Files.createDirectories(staged.getParent());
    Files.writeString(staged, content);
  }
}
