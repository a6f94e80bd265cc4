package io.benchlake.warehouse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.EnvironmentException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A commit's identity: what caches of answers are keyed by, so it must change with every commit.
 */
class CurrentCommitTest {
  @TempDir Path dir;

  @Test
  void everyCommitHasAnIdentityOfItsOwnAndReadingAgainGivesTheSame() {
    Warehouse w = new Warehouse(dir.resolve("w"));
    assertEquals(CurrentCommit.NONE, w.commit().id());
    Set<String> seen = new HashSet<>();
    for (long seq = 1; seq <= 3; seq++) {
      w.beginIngest().commit(Manifest.Progress.at(Map.of(0, seq)));
      String id = w.commit().id();
      assertTrue(seen.add(id), "commit " + seq + " took an earlier identity");
      assertEquals(id, w.commit().id());
      assertEquals(seq, w.commit().manifest().seq());
    }
  }

  @Test
  void aRebuildsFirstCommitIsNotTheOldFirstCommit() throws Exception {
    Warehouse w = new Warehouse(dir.resolve("w"));
    w.beginIngest().commit(Manifest.Progress.at(Map.of(0, 5L)));
    String before = w.commit().id();
    w.clear();
    assertEquals(CurrentCommit.NONE, w.commit().id());
    IngestTransaction again = w.beginIngest();
    Path staged = again.staging().resolve("runs/month=2026-03/part-1-0.parquet");
    Files.createDirectories(staged.getParent());
    Files.writeString(staged, "a run read again");
    again.commit(Manifest.Progress.at(Map.of(0, 5L)));
    assertEquals(1, w.commit().manifest().seq());
    assertNotEquals(before, w.commit().id());
  }

  @Test
  void aGarbledManifestIsADamagedWarehouseNamingWhere() throws Exception {
    Warehouse w = new Warehouse(dir.resolve("w"));
    w.beginIngest().commit(Manifest.Progress.at(Map.of(0, 1L)));
    Files.writeString(dir.resolve("w/_ingest/1.json"), "{\"seq\": 1, \"offsets\": ");
    CurrentCommit commit = w.commit();
    EnvironmentException e = assertThrows(EnvironmentException.class, commit::manifest);
    assertTrue(e.getMessage().contains(dir.resolve("w/_ingest").toString()), e.getMessage());
    assertTrue(e.getMessage().contains("--rebuild"), e.getMessage());
  }
}
