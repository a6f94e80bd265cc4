package io.benchlake.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.hammerdb.HammerdbFormat;
import io.benchlake.importers.sysbench.SysbenchFormat;
import io.benchlake.schemas.RunStarted;
import io.benchlake.testing.Fixtures;
import java.io.ByteArrayOutputStream;
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
 * A {@code {date}} of --layout that is a local time (as wrappers name their directories) is taken
 * in --timezone, as --started-at is, and refused without one naming both ways.
 */
class LayoutDateZoneTest {
  private static final String LOCAL = "2025-11-23T19:04:53";

  @TempDir Path dir;

  private Instant started(FormatImporter format, String layout, Optional<ZoneId> zone) {
    ImportRequest request =
        ImportRequest.builder(format, List.of(dir))
            .test("OLTP_RW")
            .layout(layout)
            .host("h")
            .timezone(zone.orElse(null))
            .build();
    ParseOutcome out = format.parse(request, new PrintStream(new ByteArrayOutputStream()));
    assertEquals(List.of(), out.failures());
    return ((RunStarted) out.batches().get(0).events().get(0)).startedAt();
  }

  private void refusedWithoutZone(FormatImporter format, String layout) {
    BadInputException e =
        assertThrows(BadInputException.class, () -> started(format, layout, Optional.empty()));
    assertEquals(
        "{date} '"
            + LOCAL
            + "' is a local time with no zone: give --timezone ZONE or a sidecar's \"timezone\""
            + " (e.g. Europe/Berlin or +01:00)",
        e.getMessage());
  }

  @Test
  void aSysbenchLayoutsLocalDateIsTakenInTheTimezoneGiven() throws Exception {
    Path slot = dir.resolve(LOCAL).resolve("MariaDB 10.11").resolve("4");
    Files.createDirectories(slot);
    Files.copy(Fixtures.path("sysbench", "oltp_read_write_t4_i1.log"), slot.resolve("1.log"));
    String layout = "{date}/{dataset}/{threads}/{iteration}.log";
    assertEquals(
        Instant.parse("2025-11-23T18:04:53Z"),
        started(new SysbenchFormat(), layout, Optional.of(ZoneId.of("Europe/Berlin"))));
    refusedWithoutZone(new SysbenchFormat(), layout);
  }

  @Test
  void aHammerdbLayoutsLocalDateIsTakenInTheTimezoneGiven() throws Exception {
    Path cell = dir.resolve(LOCAL).resolve("MariaDB 10.11");
    Files.createDirectories(cell);
    Files.writeString(
        cell.resolve("run.log"),
        "Vuser 1:RUNNING\n"
            + "Vuser 1:Beginning rampup time of 2 minutes\n"
            + "Vuser 1:Rampup complete, Taking start Transaction Count.\n"
            + "Vuser 1:Timing test period of 5 in minutes\n"
            + "Vuser 1:Test complete, Taking end Transaction Count.\n"
            + "Vuser 1:8 Active Virtual Users configured\n"
            + "Vuser 1:TEST RESULT : System achieved 41234 NOPM from 95876 MariaDB TPM\n"
            + "Vuser 1:FINISHED SUCCESS\n");
    String layout = "{date}/{dataset}/*.log";
    assertEquals(
        Instant.parse("2025-11-23T19:04:53Z"),
        started(new HammerdbFormat(), layout, Optional.of(ZoneId.of("+00:00"))));
    refusedWithoutZone(new HammerdbFormat(), layout);
  }
}
