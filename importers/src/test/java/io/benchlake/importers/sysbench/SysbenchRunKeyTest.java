package io.benchlake.importers.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.benchlake.home.BadInputException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SysbenchRunKeyTest {
  static final Optional<Instant> GIVEN = Optional.of(Instant.parse("2026-01-02T03:04:05Z"));
  static final Optional<ZoneId> NO_ZONE = Optional.empty();

  @Test
  void withoutADateTheRunStartsWhenTheOptionsSay() {
    assertEquals(GIVEN, new SysbenchRunKey("d", "t", "", "").startedAt(GIVEN, NO_ZONE));
  }

  @Test
  void aDateIsMidnightUtcAndAnInstantIsItself() {
    assertEquals(
        Optional.of(Instant.parse("2026-03-11T00:00:00Z")),
        new SysbenchRunKey("d", "t", "2026-03-11", "").startedAt(GIVEN, NO_ZONE));
    assertEquals(
        Optional.of(Instant.parse("2026-03-11T13:22:25Z")),
        new SysbenchRunKey("d", "t", "2026-03-11T13:22:25Z", "").startedAt(GIVEN, NO_ZONE));
  }

  @Test
  void aDateThatIsNeitherSaysWhatWasExpected() {
    assertEquals(
        "{date} '2026-13-01' is not yyyy-mm-dd",
        assertThrows(
                BadInputException.class,
                () -> new SysbenchRunKey("d", "t", "2026-13-01", "").startedAt(GIVEN, NO_ZONE))
            .getMessage());
    assertEquals(
        "{date} '2026-03-11 13:22' is a local time with no zone: give --timezone ZONE or a"
            + " sidecar's \"timezone\" (e.g. Europe/Berlin or +01:00)",
        assertThrows(
                BadInputException.class,
                () ->
                    new SysbenchRunKey("d", "t", "2026-03-11 13:22", "").startedAt(GIVEN, NO_ZONE))
            .getMessage());
  }

  @Test
  void aLocalTimeIsTakenInTheZoneGiven() {
    assertEquals(
        Optional.of(Instant.parse("2026-03-11T12:22:00Z")),
        new SysbenchRunKey("d", "t", "2026-03-11 13:22", "")
            .startedAt(GIVEN, Optional.of(ZoneId.of("Europe/Berlin"))));
  }

  @Test
  void logsGroupIntoOneRunByDatasetTestAndDate() {
    assertEquals(new SysbenchRunKey("d", "t", "x", ""), new SysbenchRunKey("d", "t", "x", ""));
    assertNotEquals(new SysbenchRunKey("d", "t", "x", ""), new SysbenchRunKey("d", "t", "", ""));
  }
}
