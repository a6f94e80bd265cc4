package io.benchlake.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.events.EventLinesFormat;
import io.benchlake.importers.sysbench.SysbenchFormat;
import io.benchlake.importers.tpccmysql.TpccMysqlFormat;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A directory given to an importer that reads files (without --layout) is one line saying what to
 * give, never the operating system's "cannot read: Is a directory".
 */
class DirectoryGivenTest {
  @TempDir Path dir;

  private String refusal(FormatImporter format, Optional<Instant> startedAt) throws Exception {
    Files.writeString(dir.resolve("oltp_read_write_t4.log"), "anything\n");
    ImportRequest request =
        ImportRequest.builder(format, List.of(dir))
            .dataset("MariaDB 10.11")
            .test("OLTP_RW")
            .startedAt(startedAt.orElse(null))
            .host("h")
            .build();
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
    return assertThrows(BadInputException.class, () -> format.parse(request, quiet)).getMessage();
  }

  @Test
  void sysbenchNamesTheLogsAndTheLayout() throws Exception {
    assertEquals(
        dir
            + ": a directory; import sysbench reads files: give them by name ("
            + dir.resolve("*")
            + "), or --layout PATTERN to read every log under it with its dataset, test and"
            + " threads from its path (e.g. --layout '{dataset}/{test}/{threads}/{iteration}.log')",
        refusal(new SysbenchFormat(), Optional.empty()));
  }

  @Test
  void tpccMysqlAndEventLinesNameTheFiles() throws Exception {
    Optional<Instant> date = Optional.of(Instant.parse("2025-05-04T10:00:00Z"));
    assertEquals(
        dir
            + ": a directory; import tpcc-mysql reads files: give them by name ("
            + dir.resolve("*")
            + "), or --layout PATTERN to read every output under it (e.g. --layout"
            + " '{dataset}/{date}/*.log')",
        refusal(new TpccMysqlFormat(), date));
    assertEquals(
        dir
            + ": a directory; import events reads files: give them by name ("
            + dir.resolve("*")
            + ")",
        refusal(new EventLinesFormat(), date));
  }
}
