package io.benchlake.importers.tpccmysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ParseOutcome;
import io.benchlake.importers.SourceRef;
import io.benchlake.schemas.RunStarted;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code import tpcc-mysql --layout PATTERN DIR}: every output under a directory, its dataset,
 * date, test and testbed from its path, the files of one cell a ladder in name order.
 */
class TpccMysqlLayoutTest {
  @TempDir Path dir;

  /** The fixture's two runs (8 and 16 connections) at {@code relative} under the directory. */
  private void output(String relative) throws Exception {
    Path to = dir.resolve(relative);
    Files.createDirectories(to.getParent());
    Files.copy(TpccMysqlImportTest.fixture(), to);
  }

  private static ImportRequest request(
      List<Path> paths,
      String layout,
      Optional<String> dataset,
      Optional<Instant> startedAt,
      boolean keepGoing,
      Optional<ZoneId> zone) {
    return ImportRequest.builder(new TpccMysqlFormat(), paths)
        .dataset(dataset.orElse(null))
        .startedAt(startedAt.orElse(null))
        .layout(layout)
        .host("bench1")
        .keepGoing(keepGoing)
        .timezone(zone.orElse(null))
        .repeatsAsIterations(true)
        .build();
  }

  private ImportRequest request(String layout) {
    return request(
        List.of(dir), layout, Optional.empty(), Optional.empty(), false, Optional.empty());
  }

  private static String refusal(ImportRequest request) {
    return assertThrows(BadInputException.class, () -> TpccMysqlImport.batches(request, null))
        .getMessage();
  }

  @Test
  void eachDatasetAndDateOfTheLayoutIsALadderOfItsOwnDatedByItsPath() throws Exception {
    output("MariaDB 10.11/2024-03-01/run1.log");
    output("MariaDB 10.11/2024-03-01/run2.log");
    output("MariaDB 11.4/2025-05-04/run1.log");
    List<ImportBatch> batches = TpccMysqlImport.batches(request("{dataset}/{date}/*.log"), null);
    assertEquals(2, batches.size());
    RunStarted older = (RunStarted) batches.get(0).events().get(0);
    assertEquals("MariaDB 10.11", older.dataset());
    assertEquals("TPCC_MYSQL", older.testName());
    assertEquals(Instant.parse("2024-03-01T00:00:00Z"), older.startedAt());
    assertEquals(List.of(8, 16), older.parameters().threads());
    assertEquals(2, batches.get(0).files().size());
    assertEquals(2, older.parameters().iterations(), "--repeats iterations over its two files");
    RunStarted newer = (RunStarted) batches.get(1).events().get(0);
    assertEquals("MariaDB 11.4", newer.dataset());
    assertEquals(Instant.parse("2025-05-04T00:00:00Z"), newer.startedAt());
    SourceRef source = batches.get(1).sources().get(0);
    assertEquals("MariaDB 11.4/2025-05-04/run1.log", source.path());
    assertEquals("MariaDB 11.4", source.dataset());
  }

  @Test
  void theTestAndTestbedComeFromThePathAndTheDateFromTheOptionsWithoutADateField()
      throws Exception {
    output("lab-a/tpcc_1000w/out.log");
    Instant start = Instant.parse("2023-01-02T03:04:05Z");
    List<ImportBatch> batches =
        TpccMysqlImport.batches(
            request(
                List.of(dir),
                "{testbed}/{test}/*.log",
                Optional.of("MariaDB 10.6"),
                Optional.of(start),
                false,
                Optional.empty()),
            null);
    RunStarted run = (RunStarted) batches.get(0).events().get(0);
    assertEquals("MariaDB 10.6", run.dataset());
    assertEquals(start, run.startedAt());
    assertEquals(
        "started_at=" + start + " lab-a/tpcc_1000w/out.log",
        batches.get(0).sources().get(0).path(),
        "a date given is part of what the file was imported as");
    assertEquals("lab-a", run.testbed());
    assertEquals("tpcc_1000w", run.testName());
  }

  @Test
  void aFileTheLayoutDoesNotNameIsRefusedInOneLine() throws Exception {
    output("MariaDB 11.4/2025-05-04/run1.log");
    Path stray = dir.resolve("MariaDB 11.4/2025-05-04/notes.txt");
    Files.writeString(stray, "ran with the buffer pool at 8G\n");
    String m = refusal(request("{dataset}/{date}/*.log"));
    assertEquals(
        stray
            + ": not a path --layout '{dataset}/{date}/*.log' names: every file under the"
            + " directory given is read as an output, so move this one out or give a layout that"
            + " names it",
        m);
    ParseOutcome kept =
        new TpccMysqlFormat()
            .parse(
                request(
                    List.of(dir),
                    "{dataset}/{date}/*.log",
                    Optional.empty(),
                    Optional.empty(),
                    true,
                    Optional.empty()),
                new PrintStream(PrintStream.nullOutputStream()));
    assertEquals(1, kept.batches().size(), "--keep-going imports the outputs it names");
    assertEquals(List.of(m), kept.failures());
  }

  @Test
  void whatTheLayoutCannotSayIsAskedForAndAFieldTheOutputSaysIsRefused() throws Exception {
    output("2025-05-04/c8.log");
    assertEquals(
        "import tpcc-mysql needs --dataset LABEL or {dataset} in --layout (its output names no"
            + " server)",
        refusal(request("{date}/*.log")));
    assertEquals(
        "tpcc-mysql output carries no date: give --started-at DATE, or {date} in --layout, or"
            + " --started-at mtime to use the file's modification time",
        refusal(request("{dataset}/*.log")));
    assertTrue(
        refusal(request("{dataset}/{date}/c{threads}.log"))
            .startsWith("--layout {threads}: tpcc-mysql prints each run's ' [connection]: N'"));
    assertTrue(
        refusal(request("{dataset}/{date}.log"))
            .startsWith("--layout '{dataset}/{date}.log' matches no file under " + dir));
  }

  @Test
  void aLocalTimeInTheDateFieldNeedsAZone() throws Exception {
    output("MariaDB 11.4/2025-05-04T10:00:00/run.log");
    assertTrue(refusal(request("{dataset}/{date}/*.log")).contains("--timezone"));
    List<ImportBatch> batches =
        TpccMysqlImport.batches(
            request(
                List.of(dir),
                "{dataset}/{date}/*.log",
                Optional.empty(),
                Optional.empty(),
                false,
                Optional.of(ZoneId.of("Europe/Berlin"))),
            null);
    assertEquals(
        Instant.parse("2025-05-04T08:00:00Z"),
        ((RunStarted) batches.get(0).events().get(0)).startedAt());
  }
}
