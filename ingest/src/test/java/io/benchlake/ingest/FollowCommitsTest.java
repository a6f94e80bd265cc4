package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.ingest.job.FollowSession;
import io.benchlake.warehouse.IngestTransaction;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A follow job on an idle log commits nothing: a checkpoint that read no event and finished no file
 * writes no manifest, so the warehouse's sequence number (and every cache keyed on it) stays where
 * the last real commit put it.
 */
class FollowCommitsTest {
  private static final Map<Integer, Long> AT_START = Map.of(0, 0L, 1, 0L);
  private static final FollowSession.Progress IDLE =
      new FollowSession.Progress(AT_START, Map.of(), Map.of());

  @TempDir Path dir;

  @Test
  void checkpointsOfAnIdleLogWriteNoManifest() throws Exception {
    Warehouse warehouse = new Warehouse(dir);
    IngestTransaction ingest = warehouse.beginIngest();
    FollowCommits commits = followFrom(ingest);

    stage(ingest, "samples/month=2026-03/part-follow-0-0.parquet");
    assertTrue(commits.commit(1, IDLE).isPresent(), "a finished file is committed");
    List<Path> afterFirst = manifests();

    stage(ingest, "samples/month=2026-03/.part-follow-0-1.parquet.inprogress");
    for (long checkpoint = 2; checkpoint <= 50; checkpoint++) {
      assertTrue(commits.commit(checkpoint, IDLE).isEmpty(), "checkpoint " + checkpoint);
    }

    assertEquals(afterFirst, manifests(), "no manifest for 49 idle checkpoints");
    assertEquals(1, warehouse.current().seq());
  }

  @Test
  void aFileFinishedAfterIdleCheckpointsIsCommitted() throws Exception {
    Warehouse warehouse = new Warehouse(dir);
    IngestTransaction ingest = warehouse.beginIngest();
    FollowCommits commits = followFrom(ingest);
    for (long checkpoint = 1; checkpoint <= 5; checkpoint++) {
      assertTrue(commits.commit(checkpoint, IDLE).isEmpty(), "checkpoint " + checkpoint);
    }
    assertTrue(manifests().isEmpty(), "nothing committed while idle");

    stage(ingest, "runs/month=2026-03/part-follow-6-0.parquet");
    var committed = commits.commit(6, IDLE);

    assertTrue(committed.isPresent(), "a checkpoint with a finished file commits");
    assertEquals(1, manifests().size());
    assertEquals(committed.get().seq(), warehouse.current().seq());
  }

  /** A follow job's commits from the start of a log whose readers never move. */
  private static FollowCommits followFrom(IngestTransaction ingest) {
    return new FollowCommits(ingest, AT_START, AT_START, Instant.EPOCH, facts());
  }

  private static FollowCommits.LogFacts facts() {
    // no offset above 0 is ever read here, so the fingerprints never ask the (absent) broker
    return new FollowCommits.LogFacts(
        "127.0.0.1:9",
        new Manifest.LogIdentity("cluster", "topic"),
        0L,
        Map.of(),
        Map.of(0, 0L, 1, 0L));
  }

  private List<Path> manifests() throws Exception {
    Path ingestDir = dir.resolve("_ingest");
    if (!Files.isDirectory(ingestDir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(ingestDir)) {
      return files.filter(f -> f.getFileName().toString().matches("\\d+\\.json")).sorted().toList();
    }
  }

  private static void stage(IngestTransaction ingest, String file) throws Exception {
    Path staged = ingest.staging().resolve(file);
    Files.createDirectories(staged.getParent());
    Files.writeString(staged, file);
  }
}
