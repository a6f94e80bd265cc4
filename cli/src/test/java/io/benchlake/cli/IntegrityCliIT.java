package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.testing.Fixtures;
import io.benchlake.warehouse.Warehouse;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A damaged warehouse file or manifest is one line naming it, exit 6, and `ingest --rebuild`
 * repairs it; a warehouse written before hashes were recorded is upgraded once by `verify
 * --record`.
 */
@Timeout(240)
class IntegrityCliIT {
  /** The home, its broker kept while the test runs: the verbs join it as clients. */
  @RegisterExtension static final HostedBroker BROKER = new HostedBroker();

  private static final com.fasterxml.jackson.databind.ObjectMapper MAPPER =
      new com.fasterxml.jackson.databind.ObjectMapper();

  @Test
  void aFlippedByteIsNamedByVerifyAndATruncatedFileStopsEveryReadUntilARebuild() throws Exception {
    Path home = BROKER.freshHome("integrity-cli");
    ImportRoundTripIT.ok(
        CliRunner.run(
            "import",
            "taf-report",
            Fixtures.path("taf-report", "oltp_rw_11.4-13.0.txt").toString()));
    ImportRoundTripIT.ok(CliRunner.run("ingest"));
    Warehouse warehouse = new Warehouse(new BenchlakeHome(home).warehouse());
    String sum = "SELECT round(sum(value)) FROM iterations WHERE metric = 'TPS'";
    CliRunner.Run good = CliRunner.run("sql", "--format", "csv", sum);
    assertEquals(0, good.exit(), good.err());
    assertEquals(0, CliRunner.run("verify").exit());

    // Writes are refused on the parsed statement: exit 2, nothing changed.
    Path someFile = warehouse.root().resolve(warehouse.current().allFiles().get(0));
    CliRunner.Run copy =
        CliRunner.run("sql", "COPY (SELECT 1 AS x) TO '" + someFile + "' (FORMAT parquet)");
    assertEquals(2, copy.exit(), copy.err());
    assertEquals(1, copy.err().lines().count(), copy.err());
    assertEquals(0, CliRunner.run("verify").exit(), "the file is as committed");

    Path samples =
        warehouse
            .root()
            .resolve(
                warehouse.current().files(io.benchlake.warehouse.WarehouseTable.ITERATIONS).get(0));
    try (RandomAccessFile f = new RandomAccessFile(samples.toFile(), "rw")) {
      f.seek(f.length() / 3);
      int b = f.read();
      f.seek(f.length() / 3);
      f.write(b ^ 0x01);
    }
    CliRunner.Run verify = CliRunner.run("verify");
    assertEquals(6, verify.exit(), verify.out() + verify.err());
    assertEquals(1, verify.err().lines().count(), verify.err());
    assertTrue(verify.err().contains(samples.toString()), verify.err());
    assertTrue(verify.err().contains("ingest --rebuild"), verify.err());
    // a read met the file whole before; modified since, it is checked again before any answer
    CliRunner.Run flipped = CliRunner.run("sql", sum);
    assertEquals(6, flipped.exit(), flipped.out() + flipped.err());
    assertEquals(1, flipped.err().lines().count(), flipped.err());
    assertTrue(flipped.err().contains(samples + " (content differs"), flipped.err());

    try (RandomAccessFile f = new RandomAccessFile(samples.toFile(), "rw")) {
      f.setLength(f.length() - 100);
    }
    CliRunner.Run truncated = CliRunner.run("sql", sum);
    assertEquals(6, truncated.exit(), truncated.out() + truncated.err());
    assertTrue(truncated.err().contains(samples.toString()), truncated.err());

    CliRunner.Run rebuild = CliRunner.run("ingest", "--rebuild");
    assertEquals(0, rebuild.exit(), rebuild.out() + rebuild.err());
    assertTrue(rebuild.out().contains("Rebuilt the warehouse from "), rebuild.out());
    assertEquals(0, CliRunner.run("verify").exit());
    assertEquals(good.out(), CliRunner.run("sql", "--format", "csv", sum).out(), "repaired");

    // A manifest edited after its commit (a file's hash removed) is refused by every read.
    Path manifest = warehouse.root().resolve("_ingest/" + warehouse.current().seq() + ".json");
    String json = Files.readString(manifest);
    String hash = warehouse.current().facts().values().iterator().next().sha256();
    Files.writeString(manifest, json.replace("\"" + hash + "\"", "null"));
    for (String[] read : new String[][] {{"verify"}, {"sql", sum}}) {
      CliRunner.Run edited = CliRunner.run(read);
      assertEquals(6, edited.exit(), edited.out() + edited.err());
      assertEquals(1, edited.err().lines().count(), edited.err());
      assertTrue(edited.err().contains(manifest + " is damaged"), edited.err());
    }

    // Hashes and checksum removed from the current manifest: it looks as if written before they
    // were, but an earlier manifest had them or it records the log's fingerprints (newer than
    // hashes), so it is damaged, and nothing is trusted.
    Files.writeString(manifest, without(json, "facts", "manifestSha256"));
    for (String[] read : new String[][] {{"verify"}, {"verify", "--record"}}) {
      CliRunner.Run stripped = CliRunner.run(read);
      assertEquals(6, stripped.exit(), stripped.out() + stripped.err());
      assertEquals(1, stripped.err().lines().count(), stripped.err());
      assertTrue(stripped.err().contains(manifest + " is damaged: it lacks the hashes of"));
      // why: the manifest kept before it had them, or the log's fingerprints it records
      assertTrue(
          stripped.err().contains("manifest before it")
              || stripped.err().contains("records the event log's fingerprints"),
          stripped.err());
    }

    // As a warehouse written before hashes, checksums and fingerprints were (none of its manifests
    // has them): not checked until recorded once.
    try (var manifests = Files.list(manifest.getParent())) {
      for (Path m :
          manifests.filter(f -> f.getFileName().toString().matches("\\d+\\.json")).toList()) {
        Files.writeString(
            m, without(Files.readString(m), "facts", "manifestSha256", "fingerprints"));
      }
    }
    CliRunner.Run unchecked = CliRunner.run("verify");
    assertEquals(0, unchecked.exit(), unchecked.out() + unchecked.err());
    assertTrue(unchecked.out().contains("committed before hashes were recorded are not checked"));
    assertTrue(unchecked.out().contains("nor the manifest"), unchecked.out());
    assertTrue(unchecked.out().contains("benchlake verify --record"), unchecked.out());
    CliRunner.Run record = CliRunner.run("verify", "--record");
    assertEquals(0, record.exit(), record.out() + record.err());
    assertTrue(record.out().startsWith("Recorded the SHA-256 of "), record.out());
    assertTrue(record.out().contains("trusted"), record.out());
    CliRunner.Run checked = CliRunner.run("verify");
    assertEquals(0, checked.exit(), checked.out() + checked.err());
    assertTrue(checked.out().matches("\\d+ files of ingest \\d+ match their commit\\.\\s*"));
    assertEquals(good.out(), CliRunner.run("sql", "--format", "csv", sum).out());

    Files.delete(warehouse.root().resolve("_ingest/CURRENT"));
    CliRunner.Run noCurrent = CliRunner.run("sql", sum);
    assertEquals(6, noCurrent.exit(), noCurrent.out() + noCurrent.err());
    assertTrue(noCurrent.err().contains("CURRENT"), noCurrent.err());
  }

  /** A manifest without the fields named, as written before they were recorded. */
  private static String without(String json, String... fields) throws Exception {
    var legacy = (com.fasterxml.jackson.databind.node.ObjectNode) MAPPER.readTree(json);
    legacy.remove(List.of(fields));
    return MAPPER.writeValueAsString(legacy);
  }
}
