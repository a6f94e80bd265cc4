package io.benchlake.importers.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.Sample;
import io.benchlake.testing.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

public class SysbenchLogParserTest {
  public static Path fixture(String name) {
    return Fixtures.path("sysbench", name);
  }

  static SourceFile variant(String name, String text) {
    return SourceFile.of(
        name, text.getBytes(StandardCharsets.UTF_8), Instant.parse("2026-01-05T10:00:00Z"));
  }

  public static String text(String fixture) throws Exception {
    return Files.readString(fixture(fixture));
  }

  @Test
  void aNormalRunHasItsIntervalsAndSummary() {
    SysbenchLog log =
        SysbenchLogParser.parse(SourceFile.read(fixture("oltp_read_write_t4_i1.log")));
    assertEquals(4, log.threads());
    assertEquals(1.0, log.reportIntervalS());
    assertEquals(20, log.intervals().size());
    assertEquals(1359.43, log.intervals().get(0).tps());
    assertEquals(19072.82, log.intervals().get(0).reads());
    assertEquals(95.0, log.intervals().get(0).percentile());
    SysbenchLog.Summary s = log.summary().orElseThrow();
    assertEquals(27705, s.transactions());
    assertEquals(1384.80, s.tps());
    assertEquals(27695.96, s.qps());
    assertEquals(554100, s.queriesTotal());
    assertEquals(20.0055, s.totalTimeS());
    assertEquals(4.57, s.latencyPctMs());
    assertEquals(95.0, s.percentile());
    assertFalse(log.died());
  }

  @Test
  void theHistogramBlockIsRead() {
    SysbenchLog log = SysbenchLogParser.parse(SourceFile.read(fixture("oltp_read_only_t8_i1.log")));
    assertEquals(8, log.threads());
    assertEquals(2.0, log.reportIntervalS());
    assertFalse(log.histogram().isEmpty());
    assertEquals(0.440, log.histogram().get(0).valueMs());
    assertTrue(log.summary().isPresent());
  }

  @Test
  void aKilledRunKeepsItsSamplesAndIsFailed() {
    SysbenchLog log =
        SysbenchLogParser.parse(SourceFile.read(fixture("oltp_read_write_t16_killfatal.log")));
    assertTrue(log.died());
    assertFalse(log.intervals().isEmpty());
    assertTrue(log.fatal().get(0).contains("2013"), log.fatal().toString());
    ImportBatch batch =
        SysbenchImporter.toEvents(
            List.of(new SysbenchImporter.Log(log, null)),
            new SysbenchImporter.RunFacts(
                "d", "OLTP_RW", Optional.empty(), "h", Optional.empty(), Optional.empty()));
    assertTrue(batch.events().stream().anyMatch(e -> e instanceof Sample));
    assertTrue(
        batch.events().stream()
            .anyMatch(
                e ->
                    e instanceof IterationFinished f
                        && f.status() == IterationFinished.Status.failed));
    assertTrue(
        batch.events().stream()
            .anyMatch(e -> e instanceof RunFinished f && f.status() == RunFinished.Status.failed));
  }

  @Test
  void aRunThatNeverStartedIsAFailedRunWithItsMessage() {
    SysbenchLog log =
        SysbenchLogParser.parse(SourceFile.read(fixture("oltp_read_write_t4_badpassword.log")));
    assertTrue(log.died());
    assertTrue(log.intervals().isEmpty());
    assertTrue(log.fatal().stream().anyMatch(l -> l.contains("Access denied")));
  }

  @Test
  void eventsAreValidAndTheirIdsFollowFromContent() throws Exception {
    SourceFile file = SourceFile.read(fixture("oltp_read_write_t4_i1.log"));
    var facts =
        new SysbenchImporter.RunFacts(
            "Mariadb 10.11.19",
            "OLTP_RW",
            Optional.of("10.11.19-MariaDB"),
            "h",
            Optional.of(Instant.parse("2026-02-01T00:00:00Z")),
            Optional.empty());
    ImportBatch a =
        SysbenchImporter.toEvents(
            List.of(new SysbenchImporter.Log(SysbenchLogParser.parse(file), null)), facts);
    ImportBatch b =
        SysbenchImporter.toEvents(
            List.of(new SysbenchImporter.Log(SysbenchLogParser.parse(file), null)), facts);
    assertEquals(a.events(), b.events(), "the same file gives the same events");
    EventCodec codec = new EventCodec();
    for (Event e : a.events()) {
      assertEquals(e, codec.decode(codec.encode(e)));
    }
    IterationFinished f =
        a.events().stream()
            .filter(e -> e instanceof IterationFinished)
            .map(e -> (IterationFinished) e)
            .findFirst()
            .orElseThrow();
    assertEquals(
        1384.80,
        f.values().stream()
            .filter(v -> v.metric().equals("TPS"))
            .findFirst()
            .orElseThrow()
            .value());
  }

  @Test
  void aTornLastLineIsBadInputAtThatLine() throws Exception {
    String full = text("oltp_read_write_t4_i1.log");
    int cut = full.indexOf("[ 5s ]") + 20;
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> SysbenchLogParser.parse(variant("torn.log", full.substring(0, cut))));
    assertTrue(e.getMessage().startsWith("torn.log:"), e.getMessage());
    assertTrue(e.getMessage().contains("torn last line"), e.getMessage());
  }

  @Test
  void aLogCutAtALineEndIsARunThatDied() throws Exception {
    String full = text("oltp_read_write_t4_i1.log");
    int cut = full.indexOf("[ 6s ]");
    SysbenchLog log = SysbenchLogParser.parse(variant("died.log", full.substring(0, cut)));
    assertTrue(log.died());
    assertEquals(5, log.intervals().size());
  }

  @Test
  void aNumberThatIsNotANumberNamesFileAndLine() throws Exception {
    String broken = text("oltp_read_write_t4_i1.log").replace("tps: 1370.23", "tps: 13x0.23");
    BadInputException e =
        assertThrows(
            BadInputException.class, () -> SysbenchLogParser.parse(variant("nan.log", broken)));
    assertTrue(e.getMessage().startsWith("nan.log:14: "), e.getMessage());
  }

  @Test
  void aSummaryWithAMissingBlockIsBadInput() throws Exception {
    String full = text("oltp_read_write_t4_i1.log");
    String noGeneral =
        full.substring(0, full.indexOf("General statistics:"))
            + full.substring(full.indexOf("Latency (ms):"));
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> SysbenchLogParser.parse(variant("nogeneral.log", noGeneral)));
    assertTrue(e.getMessage().contains("total time"), e.getMessage());
  }

  @Test
  void aFileInAnotherEncodingIsRefused() throws Exception {
    byte[] latin1 =
        "sysbench 1.0.20\nNumber of threads: 4\n# caf\u00e9\n"
            .getBytes(StandardCharsets.ISO_8859_1);
    BadInputException e =
        assertThrows(
            BadInputException.class, () -> SourceFile.of("latin1.log", latin1, Instant.EPOCH));
    assertEquals("latin1.log:3: not UTF-8 text", e.getMessage());
  }
}
