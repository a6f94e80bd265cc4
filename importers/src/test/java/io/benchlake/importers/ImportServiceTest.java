package io.benchlake.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.sysbench.SysbenchFormat;
import io.benchlake.importers.sysbench.SysbenchLogParserTest;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.RunStarted;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImportServiceTest {
  @TempDir Path dir;
  final PrintStream quiet = new PrintStream(new ByteArrayOutputStream());

  static Path log() {
    return SysbenchLogParserTest.fixture("oltp_read_write_t4_i1.log");
  }

  ImportRequest request(List<Path> paths, Optional<String> layout, Optional<String> dataset) {
    return requestOf(paths, layout, dataset).build();
  }

  ImportRequest.Builder requestOf(
      List<Path> paths, Optional<String> layout, Optional<String> dataset) {
    return ImportRequest.builder(new SysbenchFormat(), paths)
        .dataset(dataset.orElse(null))
        .test(dataset.map(d -> "OLTP_RW").orElse(null))
        .layout(layout.orElse(null))
        .host("h");
  }

  @Test
  void aSidecarSaysWhatTheLogDoesNot() throws Exception {
    Path copy = Files.copy(log(), dir.resolve("run.log"));
    Files.writeString(
        dir.resolve("run.log.meta.json"),
        "{\"dataset\": \"Mariadb 10.11.19\", \"test\": \"OLTP_RW\", \"iteration\": 3, \"started_at\": \"2026-02-03T04:05:06Z\"}");
    ImportService.Parsed parsed =
        new ImportService()
            .parse(request(List.of(copy), Optional.empty(), Optional.empty()), quiet);
    RunStarted run = (RunStarted) parsed.batches().get(0).events().get(0);
    assertEquals("Mariadb 10.11.19", run.dataset());
    assertEquals(Instant.parse("2026-02-03T04:05:06Z"), run.startedAt());
    IterationFinished f =
        parsed.batches().get(0).events().stream()
            .filter(e -> e instanceof IterationFinished)
            .map(e -> (IterationFinished) e)
            .findFirst()
            .orElseThrow();
    assertEquals(3, f.iteration());
  }

  @Test
  void aLayoutNamesDatasetTestAndIterationFromThePath() throws Exception {
    for (String p :
        List.of("A/OLTP_RW/4/1.log", "A/OLTP_RW/4/2.log", "B/OLTP_RW/4/1.log", "notes.txt")) {
      Files.createDirectories(dir.resolve(p).getParent());
      Files.copy(log(), dir.resolve(p));
    }
    ImportService.Parsed parsed =
        new ImportService()
            .parse(
                request(
                    List.of(dir),
                    Optional.of("{dataset}/{test}/{threads}/{iteration}.log"),
                    Optional.empty()),
                quiet);
    assertEquals(2, parsed.batches().size(), "one run per dataset and test");
    assertEquals(
        List.of("A", "B"),
        parsed.batches().stream().map(b -> ((RunStarted) b.events().get(0)).dataset()).toList());
    assertEquals(
        2,
        parsed.batches().get(0).events().stream()
            .filter(e -> e instanceof IterationFinished)
            .count());
  }

  @Test
  void logsWithoutADatasetAreRefusedBeforeAnythingIsRead() {
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                new ImportService()
                    .parse(request(List.of(log()), Optional.empty(), Optional.empty()), quiet));
    assertTrue(e.getMessage().contains("--dataset"), e.getMessage());
  }

  BadInputException layoutRefusal(List<String> paths, String layout) throws Exception {
    for (String p : paths) {
      Files.createDirectories(dir.resolve(p).getParent());
      Files.copy(log(), dir.resolve(p));
    }
    return assertThrows(
        BadInputException.class,
        () ->
            new ImportService()
                .parse(request(List.of(dir), Optional.of(layout), Optional.empty()), quiet));
  }

  @Test
  void aLayoutsThreadsMustBeTheLogsOwnNumberOfThreads() throws Exception {
    // The fixture ran with 4 threads.
    BadInputException e =
        layoutRefusal(
            List.of("A/OLTP_RW/4/1.log", "A/OLTP_RW/16/1.log"),
            "{dataset}/{test}/{threads}/{iteration}.log");
    assertTrue(e.getMessage().contains("16" + java.io.File.separator + "1.log:"), e.getMessage());
    assertTrue(e.getMessage().contains("'Number of threads: 4'"), e.getMessage());
    assertTrue(e.getMessage().contains("{threads} 16"), e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
  }

  @Test
  void twoLogsMappedToTheSameIterationAreRefused() throws Exception {
    BadInputException e =
        layoutRefusal(
            List.of("A/OLTP_RW/run1.log", "A/OLTP_RW/run01.log"),
            "{dataset}/{test}/run{iteration}.log");
    assertTrue(e.getMessage().contains("are both iteration 1 at 4 threads"), e.getMessage());
  }

  @Test
  void aLayoutThatMatchesNoFileSaysSoNamingAFileItDidNotMatch() throws Exception {
    BadInputException e =
        layoutRefusal(List.of("A/OLTP_RW/run.log"), "{dataset}/{test}/{threads}.log");
    assertEquals(
        "--layout '{dataset}/{test}/{threads}.log' matches no file under "
            + dir
            + " (e.g. not A/OLTP_RW/run.log): the layout is read from the directory given down to"
            + " each file",
        e.getMessage());
  }

  @Test
  void aThreadCountGivenThatTheLogContradictsIsRefusedWithBoth() {
    ImportRequest r =
        requestOf(List.of(log()), Optional.empty(), Optional.of("A")).threads(8).build();
    BadInputException e =
        assertThrows(BadInputException.class, () -> new ImportService().parse(r, quiet));
    assertEquals(
        log()
            + ":4: sysbench 1.0 header: the log says 'Number of threads: 4' but --threads gives 8",
        e.getMessage());
  }

  @Test
  void aThreadCountGivenThatTheLogStatesTooIsTaken() {
    ImportRequest r =
        requestOf(List.of(log()), Optional.empty(), Optional.of("A")).threads(4).build();
    assertEquals(1, new ImportService().parse(r, quiet).batches().size());
  }

  @Test
  void aThreadCountGivenThatTheLayoutContradictsIsRefusedWithBoth() throws Exception {
    Files.createDirectories(dir.resolve("A/OLTP_RW"));
    Files.copy(log(), dir.resolve("A/OLTP_RW/4.log"));
    ImportRequest r =
        requestOf(List.of(dir), Optional.of("{dataset}/{test}/{threads}.log"), Optional.empty())
            .threads(8)
            .build();
    BadInputException e =
        assertThrows(BadInputException.class, () -> new ImportService().parse(r, quiet));
    assertEquals(
        dir.resolve("A/OLTP_RW/4.log") + ": its path gives {threads} 4 but --threads 8",
        e.getMessage());
  }

  @Test
  void aSummaryExcerptTakesTheThreadCountGivenOnTheRequest() throws Exception {
    String text = Files.readString(log());
    Path excerpt = dir.resolve("excerpt.txt");
    Files.writeString(excerpt, text.substring(text.indexOf("SQL statistics:")));
    ImportRequest r =
        requestOf(List.of(excerpt), Optional.empty(), Optional.of("A")).threads(16).build();
    ImportService.Parsed parsed = new ImportService().parse(r, quiet);
    assertEquals(
        List.of(16),
        parsed.batches().get(0).events().stream()
            .filter(e -> e instanceof IterationFinished)
            .map(e -> ((IterationFinished) e).threads())
            .toList());
  }
}
