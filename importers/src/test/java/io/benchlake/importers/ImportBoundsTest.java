package io.benchlake.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.events.EventLinesImporter;
import io.benchlake.importers.events.EventLinesImporterTest;
import io.benchlake.importers.sysbench.SysbenchFormat;
import io.benchlake.importers.sysbench.SysbenchLogParser;
import io.benchlake.importers.sysbench.SysbenchLogParserTest;
import io.benchlake.importers.taf.TafReport;
import io.benchlake.importers.taf.TafReportCheckedTest;
import io.benchlake.importers.taf.TafReportImporter;
import io.benchlake.importers.taf.TafReportParser;
import io.benchlake.schemas.EventCodec;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every importer refuses, at the line it reads them from, a time outside 1970-2200 and a value no
 * benchmark produces; a file too large or too long-lined to be results is one line, not an
 * OutOfMemoryError.
 */
public class ImportBoundsTest {
  private static final String SYSBENCH = "oltp_read_write_t4_i1.log";
  private static final String TAF = "oltp_rw_11.4-13.0.txt";
  @TempDir Path dir;

  public static String message(Runnable r) {
    String m = assertThrows(BadInputException.class, r::run).getMessage();
    assertEquals(1, m.lines().count(), m);
    return m;
  }

  static SourceFile sysbench(String text) {
    return SourceFile.of("run.log", text.getBytes(StandardCharsets.UTF_8), Instant.EPOCH);
  }

  @Test
  void aNegativeTpsInAnIntervalLineIsRefusedAtItsLine() throws Exception {
    String text = SysbenchLogParserTest.text(SYSBENCH).replace("tps: 1359.43 ", "tps: -1359.43 ");
    String m = message(() -> SysbenchLogParser.parse(sysbench(text)));
    assertTrue(m.startsWith("run.log:13: tps is -1359.43"), m);
  }

  @Test
  void aRateNoServerReachesInTheSummaryIsRefusedAtItsLine() throws Exception {
    String text =
        SysbenchLogParserTest.text(SYSBENCH)
            .replaceFirst("\\(\\d+\\.\\d+ per sec\\.\\)", "(99999999999 per sec.)");
    String m = message(() -> SysbenchLogParser.parse(sysbench(text)));
    int line = TafReportCheckedTest.lineOf(text, "    transactions:");
    assertTrue(m.startsWith("run.log:" + line + ": transactions per second is 9.9999999999E10"), m);
  }

  @Test
  void aNegativeLatencyInTheSummaryIsRefusedAtItsLine() throws Exception {
    String text = SysbenchLogParserTest.text(SYSBENCH).replaceFirst("(avg:\\s+)(\\d)", "$1-$2");
    String m = message(() -> SysbenchLogParser.parse(sysbench(text)));
    assertTrue(m.contains(": avg is -"), m);
    assertTrue(m.startsWith("run.log:" + TafReportCheckedTest.lineOf(text, "         avg:")), m);
  }

  @ParameterizedTest
  @ValueSource(strings = {"-663.22", "1e308", "2e15"})
  void aTafIterationValueNoBenchmarkProducesIsRefusedAtItsLine(String cell) throws Exception {
    String text =
        TafReportCheckedTest.fixture(TAF).replace("Iteration 2\t617.23", "Iteration 2\t" + cell);
    String m = message(() -> TafReportParser.parse(TafReportCheckedTest.file("report.txt", text)));
    int line = TafReportCheckedTest.lineOf(text, "Iteration 2\t" + cell);
    assertTrue(m.startsWith("report.txt:" + line + ": Iteration 2 of "), m);
    assertTrue(m.contains("must be between 0 and 1e+15"), m);
  }

  @Test
  void aTafTimestampIn2300IsRefusedAtItsLine() throws Exception {
    String text =
        TafReportCheckedTest.fixture(TAF)
            .replace("Timestamp\t2026-3-11 13:22:25", "Timestamp\t2300-3-11 13:22:25");
    TafReport report = TafReportParser.parse(TafReportCheckedTest.file("report.txt", text));
    String m =
        message(() -> TafReportImporter.toEvents(report, Optional.empty(), Optional.empty()));
    int line = TafReportCheckedTest.lineOf(text, "Timestamp\t");
    assertTrue(m.startsWith("report.txt:" + line + ": Timestamp is 2300-03-11T13:22:25Z"), m);
    assertTrue(m.contains("from 1970-01-01 to 2200-01-01"), m);
  }

  @Test
  void aSidecarStartedIn2300IsRefusedAtItsLine() throws Exception {
    Path log = dir.resolve("run.log");
    Files.copy(SysbenchLogParserTest.fixture(SYSBENCH), log);
    Files.writeString(
        dir.resolve("run.log.meta.json"),
        "{\n  \"dataset\": \"d\",\n  \"test\": \"OLTP_RW\",\n  \"started_at\": \"2300-01-01\"\n}\n");
    String m = message(() -> parse(new SysbenchFormat(), log));
    assertTrue(m.startsWith(dir.resolve("run.log.meta.json") + ":4: started_at 2300-01-01 is"), m);
  }

  @Test
  void aLogModifiedIn2250IsRefusedNotPublished() throws Exception {
    Path log = dir.resolve("run.log");
    Files.copy(SysbenchLogParserTest.fixture(SYSBENCH), log);
    Files.setLastModifiedTime(log, FileTime.from(Instant.parse("2250-01-01T00:00:00Z")));
    String m = message(() -> parse(new SysbenchFormat(), log));
    assertTrue(m.startsWith(log + ": run_started: started_at is 2250-01-01T00:00:00Z"), m);
  }

  @Test
  void anEventStartedIn2300IsRefusedAtItsLine() throws Exception {
    EventCodec codec = new EventCodec();
    String json =
        codec
            .encodeToString(EventLinesImporterTest.sample(100, 80, 1, 10L))
            .replaceFirst("\"started_at\":\"2026-", "\"started_at\":\"2300-");
    assertTrue(json.contains("2300-"), json);
    Path file = dir.resolve("events.jsonl");
    Files.write(file, List.of(json));
    String m = message(() -> EventLinesImporter.toEvents(SourceFile.read(file), codec));
    assertTrue(m.startsWith(file + ":1: "), m);
    assertTrue(m.contains("2300"), m);
  }

  @Test
  void aDeviceWithoutLineBreaksIsOneLineNotAnOutOfMemoryError() {
    Path zero = Path.of("/dev/zero");
    String m = message(() -> SourceFile.read(zero));
    assertTrue(m.startsWith("/dev/zero:1: a line longer than 16 MB"), m);
  }

  @Test
  void aFileOfGigabytesIsRefusedBeforeItIsRead() throws Exception {
    Path big = dir.resolve("huge.log");
    try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
      f.setLength(2_200_000_000L); // sparse: no disk used
    }
    String m = message(() -> parse(new SysbenchFormat(), big));
    assertTrue(m.startsWith(big + ": 2200.0 MB; a file to import may hold at most 256 MB"), m);
  }

  @ParameterizedTest
  @ValueSource(strings = {"a\\tb", "a\\nb", "a\\u0000b", "a\\ud800b"})
  void anEventWhoseDatasetIsNoPrintableLabelIsRefusedAtItsLine(String escaped) throws Exception {
    EventCodec codec = new EventCodec();
    String json =
        codec
            .encodeToString(EventLinesImporterTest.run(60, "x"))
            .replace("\"dataset\":\"MariaDB 11.4\"", "\"dataset\":\"" + escaped + "\"");
    assertTrue(json.contains(escaped), json);
    Path file = dir.resolve("events.jsonl");
    Files.write(file, List.of(json));
    String m = message(() -> EventLinesImporter.toEvents(SourceFile.read(file), codec));
    assertTrue(m.startsWith(file + ":1: run_started: dataset holds "), m);
  }

  @Test
  void aTafDatasetColumnWithNulIsRefusedAtTheHeader() throws Exception {
    String text =
        TafReportCheckedTest.fixture(TAF)
            .replaceFirst("\tMariadb 11.4.2-MariaDB-log", "\tMariadb\u0000 11.4.2-MariaDB-log");
    String m = message(() -> TafReportParser.parse(TafReportCheckedTest.file("report.txt", text)));
    int line = TafReportCheckedTest.lineOf(text, "Threads\t");
    assertTrue(m.startsWith("report.txt:" + line + ": dataset column 1 holds NUL"), m);
  }

  @Test
  void aSidecarDatasetWithATabIsRefusedAtItsLine() throws Exception {
    Path log = dir.resolve("run.log");
    Files.copy(SysbenchLogParserTest.fixture(SYSBENCH), log);
    Files.writeString(
        dir.resolve("run.log.meta.json"), "{\"test\": \"OLTP_RW\",\n \"dataset\": \"a\\tb\"}\n");
    String m = message(() -> parse(new SysbenchFormat(), log));
    assertTrue(m.startsWith(dir.resolve("run.log.meta.json") + ":2: dataset holds a tab"), m);
  }

  private static void parse(FormatImporter format, Path file) {
    new ImportService()
        .parse(
            ImportRequest.builder(format, List.of(file))
                .dataset("d")
                .test("OLTP_RW")
                .host("h")
                .build(),
            new PrintStream(PrintStream.nullOutputStream()));
  }
}
