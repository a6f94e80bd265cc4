package io.benchlake.importers.taf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.RunStarted;
import io.benchlake.testing.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TafReportParserTest {
  static Path fixture(String name) {
    return Fixtures.path("taf-report", name);
  }

  @Test
  void theOltpReportHasFourDatasetsSixThreadCountsAndThreeIterations() {
    TafReport r = TafReportParser.parse(SourceFile.read(fixture("oltp_rw_11.4-13.0.txt")));
    assertEquals("TPS", r.metric());
    assertEquals(4, r.datasets().size());
    assertEquals(List.of(4, 8, 16, 32, 64, 128), List.copyOf(r.iterations().keySet()));
    assertEquals(
        List.of(663.22, 617.23, 640.21),
        List.copyOf(r.iterations().get(4).get("Mariadb 11.4.2-MariaDB-log").values()));
    assertEquals("hz-bench-jeb", r.systemInfo().get("Mariadb 12.1.2-MariaDB-log").get("Host"));
    assertEquals(
        "2026-3-24 00:00:31", r.testInfo().get("Mariadb 11.8.6-MariaDB-log").get("Timestamp"));
    String cnf = r.databaseInfo().get("Mariadb 13.0.0-MariaDB-log").get("Config Contents");
    assertTrue(
        cnf.contains("thread_cache_size=128\n\n# Innodb\ninnodb_buffer_pool_size=30G\n"), cnf);
  }

  @Test
  void eachDatasetBecomesOneRunWithItsEnvironmentAndIterations() {
    TafReport r = TafReportParser.parse(SourceFile.read(fixture("oltp_rw_11.4-13.0.txt")));
    ImportBatch batch = TafReportImporter.toEvents(r, Optional.empty(), Optional.empty());
    List<RunStarted> runs =
        batch.events().stream()
            .filter(e -> e instanceof RunStarted)
            .map(e -> (RunStarted) e)
            .toList();
    assertEquals(4, runs.size());
    assertEquals("OLTP_RW", runs.get(0).testName());
    assertEquals(Instant.parse("2026-03-11T13:22:25Z"), runs.get(0).startedAt());
    assertEquals(300.0, runs.get(0).parameters().durationS());
    assertEquals(
        4 * 6 * 3, batch.events().stream().filter(e -> e instanceof IterationFinished).count());
    EnvironmentSnapshot env =
        batch.events().stream()
            .filter(e -> e instanceof EnvironmentSnapshot)
            .map(e -> (EnvironmentSnapshot) e)
            .findFirst()
            .orElseThrow();
    assertEquals(14, env.host().cores());
    assertEquals("62.33 GB", String.format("%.2f GB", env.host().ramBytes() / (double) (1L << 30)));
  }

  @Test
  void theTproccReportIsReadWithMinutesAndItsOwnProperties() {
    TafReport r = TafReportParser.parse(SourceFile.read(fixture("tprocc_nopm_synthetic.txt")));
    assertEquals("NOPM", r.metric());
    assertEquals(3, r.datasets().size());
    assertEquals(9, r.iterations().size());
    ImportBatch batch = TafReportImporter.toEvents(r, Optional.empty(), Optional.empty());
    RunStarted run =
        batch.events().stream()
            .filter(e -> e instanceof RunStarted)
            .map(e -> (RunStarted) e)
            .findFirst()
            .orElseThrow();
    assertTrue(
        run.properties().stream()
            .anyMatch(
                p -> p.name().equals("Number of warehouses") || p.name().startsWith("Checksum")),
        run.properties().toString());
  }

  @Test
  void theNopmAndTpmReportsOfTheSameRunsGiveTheSameRuns() throws Exception {
    String nopm = Files.readString(fixture("tprocc_nopm_synthetic.txt"));
    String tpm = nopm.replace("Comparison: NOPM", "Comparison: TPM");
    ImportBatch a =
        TafReportImporter.toEvents(
            TafReportParser.parse(
                SourceFile.of("nopm.txt", nopm.getBytes(StandardCharsets.UTF_8), Instant.EPOCH)),
            Optional.empty(),
            Optional.empty());
    ImportBatch b =
        TafReportImporter.toEvents(
            TafReportParser.parse(
                SourceFile.of("tpm.txt", tpm.getBytes(StandardCharsets.UTF_8), Instant.EPOCH)),
            Optional.empty(),
            Optional.empty());
    List<String> runsA =
        a.events().stream().filter(e -> e instanceof RunStarted).map(e -> e.runId()).toList();
    List<String> runsB =
        b.events().stream().filter(e -> e instanceof RunStarted).map(e -> e.runId()).toList();
    assertEquals(runsA, runsB, "one run per dataset, whichever report it came from");
    var finishedA =
        a.events().stream()
            .filter(e -> e instanceof IterationFinished)
            .map(e -> e.eventId())
            .toList();
    var finishedB =
        b.events().stream()
            .filter(e -> e instanceof IterationFinished)
            .map(e -> e.eventId())
            .toList();
    assertTrue(
        java.util.Collections.disjoint(finishedA, finishedB),
        "each metric's values are their own events");
  }

  @Test
  void aCellThatIsNotANumberNamesFileAndLine() throws Exception {
    String text =
        Files.readString(fixture("oltp_rw_11.4-13.0.txt"))
            .replace("Iteration 2\t617.23", "Iteration 2\t61x.23");
    SourceFile f = SourceFile.of("bad.txt", text.getBytes(StandardCharsets.UTF_8), Instant.EPOCH);
    BadInputException e = assertThrows(BadInputException.class, () -> TafReportParser.parse(f));
    assertTrue(
        e.getMessage().matches("bad\\.txt:[0-9]+: expected a finite number, found '61x\\.23'"),
        e.getMessage());
  }

  @Test
  void aReportWithoutThreadCountTablesIsRefused() throws Exception {
    String text = Files.readString(fixture("oltp_rw_11.4-13.0.txt"));
    String cut = text.substring(0, text.indexOf("Thread Count: 4"));
    SourceFile f = SourceFile.of("cut.txt", cut.getBytes(StandardCharsets.UTF_8), Instant.EPOCH);
    BadInputException e = assertThrows(BadInputException.class, () -> TafReportParser.parse(f));
    assertTrue(e.getMessage().contains("no 'Thread Count: N' tables"), e.getMessage());
  }
}
