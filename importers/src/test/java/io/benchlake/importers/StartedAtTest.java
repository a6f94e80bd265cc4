package io.benchlake.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A start written as a local time is taken in the zone the user gives, never read as UTC. */
class StartedAtTest {
  static final Optional<ZoneId> BERLIN = Optional.of(ZoneId.of("Europe/Berlin"));
  @TempDir Path dir;

  @Test
  void aLocalTimeIsTakenInTheZoneGiven() {
    assertEquals(
        Instant.parse("2025-11-23T18:04:53Z"),
        StartedAt.parse("--started-at", "2025-11-23T19:04:53", BERLIN));
    assertEquals(
        Instant.parse("2025-07-01T17:04:00Z"),
        StartedAt.parse("--started-at", "2025-07-01 19:04", BERLIN)); // summer time: +02:00
    assertEquals(
        Instant.parse("2025-11-23T13:34:53Z"),
        StartedAt.parse("--started-at", "2025-11-23T19:04:53", Optional.of(ZoneId.of("+05:30"))));
  }

  @Test
  void aLocalTimeWithoutAZoneIsRefusedNamingBothWaysToGiveIt() {
    String m =
        assertThrows(
                BadInputException.class,
                () -> StartedAt.parse("--started-at", "2025-11-23T19:04:53", Optional.empty()))
            .getMessage();
    assertEquals(
        "--started-at '2025-11-23T19:04:53' is a local time with no zone: give --timezone ZONE or"
            + " a sidecar's \"timezone\" (e.g. Europe/Berlin or +01:00)",
        m);
  }

  @Test
  void anInstantOrOffsetTimeOrDateNeedsNoZoneAndIgnoresOne() {
    assertEquals(
        Instant.parse("2025-11-23T19:04:53Z"),
        StartedAt.parse("--started-at", "2025-11-23T19:04:53Z", BERLIN));
    assertEquals(
        Instant.parse("2025-11-23T18:04:53Z"),
        StartedAt.parse("--started-at", "2025-11-23T19:04:53+01:00", Optional.empty()));
    assertEquals(
        Instant.parse("2025-11-23T00:00:00Z"),
        StartedAt.parse("--started-at", "2025-11-23", BERLIN));
  }

  @Test
  void textThatIsNoTimeSaysWhatWasExpected() {
    String m =
        assertThrows(
                BadInputException.class,
                () -> StartedAt.parse("--started-at", "23/11/2025 19:04", Optional.empty()))
            .getMessage();
    assertTrue(m.startsWith("--started-at '23/11/2025 19:04' is not ISO-8601"), m);
  }

  @Test
  void aSidecarsLocalStartIsTakenInItsTimezoneElseTheOptions() throws Exception {
    Path log = dir.resolve("run.log");
    Files.writeString(
        dir.resolve("run.log.meta.json"),
        "{\"started_at\": \"2025-11-23T19:04:53\",\n \"timezone\": \"Asia/Kolkata\"}\n");
    Sidecar side = Sidecar.of(log, BERLIN);
    assertEquals(Optional.of("2025-11-23T13:34:53Z"), side.startedAt());
    assertEquals(Optional.of(ZoneId.of("Asia/Kolkata")), side.timezone());

    Files.writeString(
        dir.resolve("run.log.meta.json"), "{\"started_at\": \"2025-11-23T19:04:53\"}\n");
    assertEquals(Optional.of("2025-11-23T18:04:53Z"), Sidecar.of(log, BERLIN).startedAt());
  }

  @Test
  void aSidecarsLocalStartWithNoZoneAnywhereIsRefusedAtItsLine() throws Exception {
    Path log = dir.resolve("run.log");
    Path sidecar = dir.resolve("run.log.meta.json");
    Files.writeString(sidecar, "{\"dataset\": \"d\",\n \"started_at\": \"2025-11-23T19:04:53\"}\n");
    String m =
        assertThrows(BadInputException.class, () -> Sidecar.of(log, Optional.empty())).getMessage();
    assertEquals(
        sidecar
            + ":2: started_at '2025-11-23T19:04:53' is a local time with no zone: give --timezone"
            + " ZONE or a sidecar's \"timezone\" (e.g. Europe/Berlin or +01:00)",
        m);
  }

  @Test
  void aSidecarsZoneAbbreviationIsRefusedAtItsLine() throws Exception {
    Path log = dir.resolve("run.log");
    Path sidecar = dir.resolve("run.log.meta.json");
    Files.writeString(
        sidecar, "{\"started_at\": \"2025-11-23T19:04:53\",\n \"timezone\": \"IST\"}\n");
    String m = assertThrows(BadInputException.class, () -> Sidecar.of(log, BERLIN)).getMessage();
    assertTrue(m.startsWith(sidecar + ":2: timezone 'IST': give a region"), m);
  }
}
