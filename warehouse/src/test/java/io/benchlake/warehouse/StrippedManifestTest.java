package io.benchlake.warehouse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchlake.home.EnvironmentException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A manifest whose hashes and checksum were removed after its commit looks like one written before
 * they were recorded; the manifest kept before it tells them apart, so it is refused, never
 * reported as merely "not checked" nor trusted by {@code verify --record}.
 */
class StrippedManifestTest {
  private static final String FIRST = "runs/month=2026-03/part-1-0.parquet";
  private static final String SECOND = "runs/month=2026-03/part-2-0.parquet";

  @TempDir Path dir;

  private Warehouse twoCommits() throws Exception {
    Warehouse w = new Warehouse(dir.resolve("warehouse"));
    for (int seq = 1; seq <= 2; seq++) {
      IngestTransaction ingest = w.beginIngest();
      Path staged = ingest.staging().resolve(seq == 1 ? FIRST : SECOND);
      Files.createDirectories(staged.getParent());
      Files.writeString(staged, "content of ingest " + seq);
      ingest.commit(Manifest.Progress.at(Map.of(0, (long) seq)));
    }
    return w;
  }

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** {@code manifest} without the fields named, as written before they were recorded. */
  private static ObjectNode without(Path manifest, String... fields) throws Exception {
    ObjectNode json = (ObjectNode) MAPPER.readTree(Files.readString(manifest));
    json.remove(java.util.List.of(fields));
    Files.writeString(manifest, MAPPER.writeValueAsString(json));
    return json;
  }

  /** The manifest as written before hashes and checksums: no "facts", no "manifestSha256". */
  private static void strip(Path manifest) throws Exception {
    without(manifest, "facts", "manifestSha256");
  }

  @Test
  void hashesRemovedFromTheCurrentManifestAloneAreDamageNotALegacyWarehouse() throws Exception {
    Warehouse w = twoCommits();
    Path current = w.root().resolve("_ingest/2.json");
    strip(current);
    assertTrue(w.current().facts().isEmpty(), "it reads as a legacy manifest");
    EnvironmentException e = assertThrows(EnvironmentException.class, w::refuseStrippedManifest);
    assertEquals(
        "the warehouse manifest "
            + current
            + " is damaged: it lacks the hashes of 2 file(s) and its checksum, as one written before"
            + " they were recorded would, but ingest 1's manifest before it carries a checksum;"
            + " `benchlake ingest --rebuild` rewrites the warehouse from the event log",
        e.getMessage());
    assertThrows(EnvironmentException.class, w::recordChecks, "nothing stripped is trusted");
  }

  @Test
  void anEarlierManifestsHashOfAFileStillListedTellsItToo() throws Exception {
    Warehouse w = twoCommits();
    Path earlier = w.root().resolve("_ingest/1.json");
    without(earlier, "manifestSha256"); // as written before checksums, with its files' hashes
    strip(w.root().resolve("_ingest/2.json"));
    EnvironmentException e = assertThrows(EnvironmentException.class, w::refuseStrippedManifest);
    assertTrue(
        e.getMessage()
            .endsWith(
                "but ingest 1's manifest before it records the hash of "
                    + FIRST
                    + "; `benchlake ingest --rebuild` rewrites the warehouse from the event log"),
        e.getMessage());
  }

  @Test
  void aManifestWithTheLogsFingerprintsHashedTheFilesItAdded() throws Exception {
    Warehouse w = new Warehouse(dir.resolve("rebuilt"));
    String added = "runs/month=2026-03/part-1-a1b2-0.parquet";
    IngestTransaction ingest = w.beginIngest();
    Path staged = ingest.staging().resolve(added);
    Files.createDirectories(staged.getParent());
    Files.writeString(staged, "rebuilt");
    ingest.commit(
        new Manifest.Progress(
            Map.of(0, 5L),
            Map.of(0, 5L),
            java.time.Instant.parse("2026-03-01T00:00:00Z"),
            null,
            5L,
            Map.of(0, new Manifest.Fingerprint(4, "e-4", "ab")),
            null));
    Path current = w.root().resolve("_ingest/1.json");
    strip(current); // the only manifest: nothing before it to compare
    EnvironmentException e = assertThrows(EnvironmentException.class, w::refuseStrippedManifest);
    assertTrue(
        e.getMessage().contains("lacks the hash of " + added + " that ingest 1 added"),
        e.getMessage());
    without(current, "fingerprints");
    w.refuseStrippedManifest(); // as written before fingerprints and hashes: legacy
  }

  @Test
  void aWarehouseWhoseEveryManifestLacksThemIsLegacyAndRecordedOnce() throws Exception {
    Warehouse w = twoCommits();
    strip(w.root().resolve("_ingest/1.json"));
    strip(w.root().resolve("_ingest/2.json"));
    w.refuseStrippedManifest();
    assertEquals(new Warehouse.Recorded(3, 2, false), w.recordChecks());
    w.refuseStrippedManifest();
  }
}
