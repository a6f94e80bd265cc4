package io.benchlake.warehouse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.EnvironmentException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Manifests carry their own checksum, a read session checks each file's content when it first meets
 * it (the result kept under the home), and a warehouse written before either is upgraded once by
 * recording what it holds.
 */
class FileChecksTest {
  private static final String FILE = "runs/month=2026-03/part-1-0.parquet";

  @TempDir Path dir;

  private Warehouse committed() throws Exception {
    Warehouse w = new Warehouse(dir.resolve("warehouse"));
    IngestTransaction ingest = w.beginIngest();
    Path staged = ingest.staging().resolve(FILE);
    Files.createDirectories(staged.getParent());
    Files.writeString(staged, "0123456789");
    ingest.commit(Manifest.Progress.at(Map.of(0, 1L)));
    return w;
  }

  @Test
  void aManifestChangedAfterItsCommitNoLongerReads() throws Exception {
    Warehouse w = committed();
    assertTrue(w.commit().sealed());
    Path manifest = w.root().resolve("_ingest/1.json");
    String json = Files.readString(manifest);
    String hash = w.current().facts().get(FILE).sha256();
    Files.writeString(manifest, json.replace("\"" + hash + "\"", "null")); // its hash removed
    EnvironmentException e = assertThrows(EnvironmentException.class, w::current);
    assertTrue(e.getMessage().contains(manifest.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("checksum does not match"), e.getMessage());
    assertTrue(e.getMessage().contains("ingest --rebuild"), e.getMessage());

    Files.writeString(manifest, json.replace("\n}\n", ",\n  \"seq\" : 1\n}\n"));
    assertThrows(EnvironmentException.class, w::current, "a field after the checksum");
  }

  @Test
  void aFlippedByteIsRefusedWhenFirstReadAndTheFilesFoundWholeAreKeptUnderTheHome()
      throws Exception {
    Warehouse w = committed();
    Path home = dir.resolve("home");
    FirstReadChecks checks = w.firstReadChecks(home);
    Path file = w.root().resolve(FILE);
    List<Path> before = tree(w.root());

    Files.writeString(file, "0123456780"); // damaged before its first read, size unchanged
    EnvironmentException e =
        assertThrows(EnvironmentException.class, () -> w.checked(w.current(), checks));
    assertTrue(e.getMessage().contains(file + " (content differs"), e.getMessage());
    assertFalse(Files.exists(checks.record()), "nothing kept of a damaged file");

    Files.writeString(file, "0123456789");
    w.checked(w.current(), checks);
    assertTrue(checks.record().startsWith(home), checks.record().toString());
    String kept = Files.readString(checks.record(), StandardCharsets.UTF_8);
    assertTrue(kept.contains(w.current().facts().get(FILE).sha256() + " 10 "), kept);
    assertTrue(kept.trim().endsWith(" " + FILE), kept);
    assertEquals(before, tree(w.root()), "a read writes nothing into the warehouse");

    // found whole once: a later read trusts it on a stat, unless it was modified since
    w.checked(w.current(), checks);
    Files.writeString(file, "0123456780");
    Files.setLastModifiedTime(
        file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 5_000));
    assertThrows(EnvironmentException.class, () -> w.checked(w.current(), checks));
  }

  @Test
  void aLegacyWarehouseIsNotCheckedUntilItsFilesAreRecordedOnce() throws Exception {
    Warehouse w = new Warehouse(dir.resolve("legacy"));
    Files.createDirectories(w.root().resolve("_ingest"));
    Files.createDirectories(w.root().resolve(FILE).getParent());
    Files.writeString(w.root().resolve(FILE), "0123456789");
    Files.writeString(
        w.root().resolve("_ingest/4.json"),
        "{\"seq\":4,\"committedAt\":\"2026-03-01T00:00:00Z\",\"offsets\":{\"0\":7},"
            + "\"files\":{\"runs\":[\""
            + FILE
            + "\"]}}");
    Files.writeString(w.root().resolve("_ingest/CURRENT"), "4\n");
    assertFalse(w.commit().sealed());
    assertTrue(w.current().facts().isEmpty());

    Warehouse.Recorded r = w.recordChecks();
    assertEquals(new Warehouse.Recorded(5, 1, false), r);
    assertTrue(w.commit().sealed());
    assertEquals(10, w.current().facts().get(FILE).size());
    assertEquals(Map.of(0, 7L), w.current().offsets(), "the same progress");
    assertTrue(w.damagedFiles().isEmpty());
    assertEquals(new Warehouse.Recorded(0, 0, true), w.recordChecks(), "once");
  }

  private static List<Path> tree(Path root) throws Exception {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.sorted().toList();
    }
  }
}
