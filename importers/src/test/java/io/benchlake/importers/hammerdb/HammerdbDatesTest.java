package io.benchlake.importers.hammerdb;

import static io.benchlake.importers.hammerdb.HammerdbFixtures.FACTS;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.facts;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.importFiles;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.importOf;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.only;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.run;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBoundsTest;
import io.benchlake.importers.ZoneAbbreviations;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A run is dated by the most exact time its outputs print, zones read as HammerDB users mean. */
class HammerdbDatesTest {
  static Instant started(String... names) {
    return run(only(importOf(names))).startedAt();
  }

  static Instant startedOf(HammerdbImporter.RunFacts facts, String text) {
    return run(only(importFiles(facts, List.of(text("run.log", text))))).startedAt();
  }

  static final String RESULT =
      "Vuser 1:DBVersion:11.4.5\nVuser 1:Beginning rampup time of 1 minutes\n"
          + "Vuser 1:Timing test period of 2 in minutes\nVuser 1:4 Active Virtual Users configured\n"
          + "Vuser 1:TEST RESULT : System achieved 900 NOPM from 2000 MariaDB TPM\n";

  @Test
  void theJobidsFirstEightHexDigitsAreTheStartInUtc() {
    assertEquals(Instant.parse("2025-04-14T16:09:41Z"), started("mixed/a_cli_v4.12_indented.log"));
    assertEquals(
        Instant.parse("2026-06-20T08:00:00Z"),
        started("mixed/f_hdb_6A364880479A03E263133333.json"));
  }

  @Test
  void timestampLinesWinOverTheLogHeaderThatMayPredateTheRunByWeeks() {
    assertEquals(Instant.parse("2024-11-29T23:50:00Z"), started("mixed/b_pasted_in_script.tcl"));
    assertEquals(
        Instant.parse("2025-06-30T23:30:00Z"),
        run(importOf("mixed/e_hammerdb.log").get(0)).startedAt(),
        "Tue Jul 01 00:30:00 BST 2025 is British Summer Time: June in UTC");
  }

  @Test
  void theLogHeaderDatesARunWhenNothingElseDoes() {
    assertEquals(
        Instant.parse("2021-03-31T21:30:00Z"),
        run(only(HammerdbFixtures.importLabelled("mixed/h_postgresql_v3.3.log"))).startedAt());
    assertEquals(
        Instant.parse("2021-01-14T13:00:00Z"),
        run(only(HammerdbFixtures.importLabelled("mixed/j_old_form_v4.0.log"))).startedAt());
  }

  @Test
  void anEndLineDatesTheRunByItsRampupAndDuration() {
    assertEquals(
        Instant.parse("2025-03-02T09:57:00Z"),
        startedOf(FACTS, RESULT + "Vuser 1:End:Sun Mar 02 11:00:00 CET 2025\n"));
  }

  @Test
  void aCounterLogDatesAnOtherwiseUndatedRun() {
    String log =
        RESULT
            .replace("4 Active", "16 Active")
            .replace("900 NOPM from 2000", "30100 NOPM from 70050");
    assertEquals(
        Instant.parse("2025-06-30T23:29:50Z"),
        run(importFiles(
                    FACTS,
                    List.of(
                        text("run.log", log), HammerdbFixtures.resource("mixed/e_hdbtcount.log")))
                .get(0))
            .startedAt());
  }

  @Test
  void theJobsTimestampIsLocalAndTheJobidGivesItsOffset() {
    HammerdbResult r = new HammerdbResult(new HammerdbFile(text("x", "")), 1);
    r.jobId = "63E66494479A03E263133333";
    r.jobTimestamp = HammerdbClock.sqlite("2023-02-10 16:36:52", "x:1").orElseThrow();
    assertEquals(Optional.of(java.time.ZoneOffset.ofHours(1)), HammerdbDates.offset(r));
  }

  @Test
  void zoneAbbreviationsAreReadAsHammerdbUsersMeanThem() {
    assertEquals(
        java.time.ZoneOffset.ofHours(1), ZoneAbbreviations.resolve("BST", Optional.empty(), "x"));
    assertEquals(
        java.time.ZoneOffset.ofHours(2), ZoneAbbreviations.resolve("CEST", Optional.empty(), "x"));
    assertEquals(
        java.time.ZoneOffset.ofHours(-4), ZoneAbbreviations.resolve("EDT", Optional.empty(), "x"));
    assertEquals(
        java.time.ZoneOffset.ofHours(-8), ZoneAbbreviations.resolve("PST", Optional.empty(), "x"));
    assertEquals(
        java.time.ZoneOffset.ofHours(-7), ZoneAbbreviations.resolve("MST", Optional.empty(), "x"));
    assertEquals(java.time.ZoneOffset.UTC, ZoneAbbreviations.resolve("GMT", Optional.empty(), "x"));
    assertEquals(
        java.time.ZoneOffset.ofHoursMinutes(5, 30),
        ZoneAbbreviations.resolve("+0530", Optional.empty(), "x"));
  }

  @Test
  void anAmbiguousZoneIsOneLineAskingForTimezoneAndTimezoneResolvesIt() {
    String text = "Timestamp 1 @ Mon Apr 14 13:18:31 IST 2025\n" + RESULT;
    BadInputException e = assertThrows(BadInputException.class, () -> startedOf(FACTS, text));
    assertEquals(
        "run.log:1: time zone 'IST' is ambiguous (India, Irish or Israel Standard Time): give --timezone (e.g. --timezone Asia/Kolkata)",
        e.getMessage());
    assertEquals(
        Instant.parse("2025-04-14T07:48:31Z"),
        startedOf(facts(Optional.empty(), false, Optional.of(ZoneId.of("Asia/Kolkata"))), text));
    BadInputException unknown =
        assertThrows(
            BadInputException.class,
            () -> startedOf(FACTS, "Timestamp 1 @ Mon Apr 14 13:18:31 XYZT 2025\n" + RESULT));
    assertTrue(unknown.getMessage().contains("give --timezone"), unknown.getMessage());
  }

  @Test
  void aTimezoneOptionIsARegionOrOffsetNeverAnAbbreviation() {
    assertEquals(ZoneId.of("Europe/London"), ZoneAbbreviations.parseOption("Europe/London"));
    BadInputException e =
        assertThrows(BadInputException.class, () -> ZoneAbbreviations.parseOption("BST"));
    assertTrue(e.getMessage().startsWith("--timezone 'BST': give a region"), e.getMessage());
  }

  @Test
  void anUndatedFileIsRefusedUnlessStartedAtOrMtimeDatesIt() {
    BadInputException e = assertThrows(BadInputException.class, () -> startedOf(FACTS, RESULT));
    assertTrue(
        e.getMessage().startsWith("run.log:5: no date in the HammerDB output"), e.getMessage());
    assertTrue(e.getMessage().contains("--started-at mtime"), e.getMessage());
    assertEquals(
        Instant.parse("2026-12-01T10:00:00Z"),
        startedOf(facts(Optional.empty(), true, Optional.empty()), RESULT),
        "--started-at mtime: the file's modification time");
    assertEquals(
        Instant.parse("2026-02-03T00:00:00Z"),
        startedOf(
            facts(Optional.of(Instant.parse("2026-02-03T00:00:00Z")), false, Optional.empty()),
            RESULT));
    assertEquals(
        Instant.parse("2025-04-14T16:09:41Z"),
        startedOf(
            facts(Optional.of(Instant.parse("2026-02-03T00:00:00Z")), false, Optional.empty()),
            RESULT + "Benchmark Run jobid=67FD3345479A03E263133333\n"),
        "the file's own date is exact; --started-at dates only what it does not");
  }

  @Test
  void severalUndatedRunsCannotShareOneStartedAt() {
    // a ladder of 4 and 8 VUs, then 4 VUs again: the next run
    String two = RESULT + RESULT.replace("4 Active", "8 Active") + RESULT;
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                importFiles(
                    facts(Optional.empty(), true, Optional.empty()),
                    List.of(text("two.log", two))));
    assertTrue(e.getMessage().contains("2 runs carry no date"), e.getMessage());
  }

  @Test
  void aHammerdbTimeIn2300IsRefusedAtItsLine() {
    HammerdbClock clock = HammerdbClock.tcl("Mon Apr 14 13:18:31 UTC 2300", "hdb.log:7").get();
    String m =
        ImportBoundsTest.message(
            () -> clock.instant(Optional.empty(), Optional.of(ZoneOffset.UTC)));
    assertTrue(m.startsWith("hdb.log:7: the time 2300-04-14 13:18:31 is 2300-04-14T13:18:31Z"), m);
  }
}
