package io.benchlake.importers.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What sysbench 1.0 logs import stays exactly as it was before the other generations were read: the
 * same events, byte for byte (fixtures/sysbench/golden/, written by the importer before them), so
 * no imported run is replaced and no metric or id is new. The fixtures' directory, which a failed
 * run's error names, is written {fixtures} there.
 */
class SysbenchFirstReadingTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "oltp_read_write_t4_i1",
        "oltp_read_only_t8_i1",
        "oltp_read_write_t4_badpassword",
        "oltp_read_write_t16_killfatal"
      })
  void a10LogGivesTheEventsItAlwaysGave(String name) throws Exception {
    Path path = Fixtures.path("sysbench", name + ".log");
    SourceFile file = SourceFile.read(path);
    assertTrue(SysbenchLogs.shape(file.lines()).firstReading(), name + " is read as before");
    SysbenchLog log = SysbenchLogs.read(file, null);
    assertEquals(Optional.empty(), log.generation());
    ImportBatch b =
        SysbenchImporter.toEvents(
            List.of(new SysbenchImporter.Log(log, null)),
            new SysbenchImporter.RunFacts(
                "MariaDB 10.11.19",
                "oltp_read_write",
                Optional.of("10.11.19-MariaDB"),
                "bench1",
                Optional.of(Instant.parse("2026-02-01T00:00:00Z")),
                Optional.empty()));
    EventCodec codec = new EventCodec();
    List<String> lines = new ArrayList<>();
    String here = path.toAbsolutePath().getParent().toString();
    lines.add(b.description().replace(here, "{fixtures}"));
    for (Event e : b.events()) {
      lines.add(codec.encodeToString(e).replace(here, "{fixtures}"));
    }
    assertEquals(
        Files.readAllLines(Fixtures.path("sysbench", "golden/" + name + ".events.jsonl")), lines);
  }
}
