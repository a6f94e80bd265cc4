package io.benchlake.warehouse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warehouse alone hands out sequence numbers: each commit's is above every committed one, and a
 * transaction whose number another commit took since it began is refused without touching the
 * manifest readers are on.
 */
class SequenceNumbersTest {
  @TempDir Path dir;

  @Test
  void aNumberCommittedSinceATransactionBeganIsRefusedAndItsManifestStays() throws Exception {
    Warehouse w = new Warehouse(dir);
    w.beginIngest().commit(Manifest.Progress.at(Map.of(0, 1L)));
    IngestTransaction stale = w.beginIngest();
    IngestTransaction other = w.beginIngest();
    assertEquals(2, stale.seq());
    stage(other, "runs/month=2026-03/part-2-0.parquet");
    other.commit(Manifest.Progress.at(Map.of(0, 5L)));
    Path manifest = dir.resolve("_ingest/2.json");
    byte[] committed = Files.readAllBytes(manifest);

    stage(stale, "runs/month=2026-03/part-2-1.parquet");
    IllegalStateException reused =
        assertThrows(
            IllegalStateException.class, () -> stale.commit(Manifest.Progress.at(Map.of(0, 9L))));
    assertTrue(reused.getMessage().startsWith("commit 2 refused in " + dir), reused.getMessage());
    assertArrayEquals(committed, Files.readAllBytes(manifest), "_ingest/2.json is not rewritten");
    assertEquals(2, w.current().seq());
    assertEquals(5L, w.current().offsets().get(0));
    assertEquals(1, w.files(WarehouseTable.RUNS).size(), "nothing of the refused one moved in");

    w.beginIngest().commit(Manifest.Progress.at(Map.of(0, 6L)));
    IllegalStateException lower =
        assertThrows(
            IllegalStateException.class, () -> stale.commit(Manifest.Progress.at(Map.of(0, 9L))));
    assertTrue(lower.getMessage().contains("has committed 3"), lower.getMessage());
    assertEquals(6L, w.current().offsets().get(0));
  }

  @Test
  void aCompactionBetweenAFollowJobsCommitsTakesTheNextNumberAndLeavesTheJobsFiles()
      throws Exception {
    Warehouse w = new Warehouse(dir);
    IngestTransaction follow = w.beginIngest();
    stage(follow, "samples/month=2026-03/part-follow-0-0.parquet");
    assertEquals(1, follow.commitSoFar(1, Manifest.Progress.at(Map.of(0, 3L))).seq());
    Path writing = stage(follow, "samples/month=2026-03/.part-follow-0-1.parquet.inprogress");

    IngestTransaction compaction = w.beginCompaction();
    assertEquals(2, compaction.seq());
    assertNotEquals(follow.staging(), compaction.staging());
    assertTrue(Files.exists(writing), "beginning a compaction removes nothing");
    stage(compaction, "samples/month=2026-03/part-2-compacted.parquet");
    compaction.commit(
        w.current().progress(), Set.of("samples/month=2026-03/part-follow-0-0.parquet"));
    assertEquals(2, w.current().seq());

    // the job's rows of its second checkpoint carry 2: committed as 3, above the compaction
    Files.move(writing, writing.resolveSibling("part-follow-0-1.parquet"));
    assertEquals(3, follow.commitSoFar(2, Manifest.Progress.at(Map.of(0, 8L))).seq());
    assertEquals(2, w.files(WarehouseTable.SAMPLES).size());
    assertEquals(8L, w.current().offsets().get(0));
  }

  private static Path stage(IngestTransaction ingest, String file) throws Exception {
    Path staged = ingest.staging().resolve(file);
    Files.createDirectories(staged.getParent());
    Files.writeString(staged, file);
    return staged;
  }
}
