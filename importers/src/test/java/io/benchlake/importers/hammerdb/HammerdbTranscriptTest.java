package io.benchlake.importers.hammerdb;

import static io.benchlake.importers.hammerdb.HammerdbFixtures.FACTS;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.importFiles;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.importOf;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.iterations;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.one;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.only;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.property;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.run;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.text;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.RunFinished;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A TEST RESULT is found wherever HammerDB (or a user's copy) puts it, with its VUs and engine. */
class HammerdbTranscriptTest {
  @Test
  void indentedLinesAndTheJobsJsonTypedAfterTheRunAreOneResultWithTimings() throws Exception {
    ImportBatch b = only(importOf("mixed/a_cli_v4.12_indented.log"));
    assertEquals("MariaDB 11.8.3", run(b).dataset());
    IterationFinished f = iterations(b).get(0);
    assertEquals(24, f.threads());
    assertEquals(128176, value(f, "NOPM"));
    assertEquals(298394, value(f, "TPM"));
    assertEquals(1, iterations(b).size(), "the result JSON repeats the TEST RESULT line");
    assertEquals(13.309, value(f, "NEWORD_p99"));
    assertEquals("clicks", f.timings().get(0).sdUnit(), "jobs timing before v6.0: sd in clicks");
    assertEquals("hammerdb:jobs-timing", f.values().get(2).source());
    EventCodec codec = new EventCodec();
    for (Event e : b.events()) {
      assertEquals(e, codec.decode(codec.encode(e)));
    }
    assertEquals(
        b.events(), only(importOf("mixed/a_cli_v4.12_indented.log")).events(), "deterministic");
  }

  @Test
  void aLogPastedAsCommentsIntoAScriptIsRead() {
    IterationFinished f = iterations(only(importOf("mixed/b_pasted_in_script.tcl"))).get(0);
    assertEquals(8, f.threads());
    assertEquals(41000, value(f, "NOPM"));
  }

  @Test
  void theResultOfAWebServiceJsonArrayCompletesTheMonitorLinesBeforeIt() {
    ImportBatch b = only(importOf("mixed/c_webservice_v4.12.txt"));
    IterationFinished f = iterations(b).get(0);
    assertEquals(1, iterations(b).size());
    assertEquals(12, f.threads());
    assertEquals(52000, value(f, "NOPM"));
    assertEquals(121000, value(f, "TPM"));
    assertEquals(IterationFinished.Status.completed, f.status());
    assertEquals(300.0, run(b).parameters().durationS(), "the monitor lines before it");
  }

  @Test
  void theDriverScriptBlocksAddTimingAndCounterWithoutDoublingTheResult() {
    ImportBatch b = only(HammerdbFixtures.importLabelled("mixed/d_driver_script_v4.7.log"));
    List<IterationFinished> its = iterations(b);
    assertEquals(1, its.size());
    assertEquals(8, its.get(0).threads());
    assertEquals(60135, value(its.get(0), "NOPM"));
    assertEquals(45.45, value(its.get(0), "NEWORD_ratio"));
  }

  @Test
  void theOldResultFormIsTpmFirstAndKeepsZeroNopmAsAFailedIteration() {
    IterationFinished v3 =
        iterations(only(HammerdbFixtures.importLabelled("mixed/h_postgresql_v3.3.log"))).get(0);
    assertEquals(9855, value(v3, "NOPM"));
    assertEquals(30042, value(v3, "TPM"));
    IterationFinished zero =
        iterations(only(HammerdbFixtures.importLabelled("mixed/j_old_form_v4.0.log"))).get(0);
    assertEquals(0, value(zero, "NOPM"));
    assertEquals(5960, value(zero, "TPM"));
    assertEquals(IterationFinished.Status.failed, zero.status(), "0 NOPM is no valid result");
    ImportBatch nothing = only(importOf("mixed/i_nopm_zero.log"));
    assertEquals(0, value(iterations(nothing).get(0), "TPM"));
    assertEquals(RunFinished.Status.failed, one(nothing, RunFinished.class).status());
  }

  @Test
  void consecutiveResultsAtOneVuCountAreIterationsAndAnotherCountIsTheLaddersNextRung() {
    ImportBatch ladder = only(importOf("mixed/e_hammerdb.log"));
    assertEquals(
        List.of(30100.0, 30500.0, 29800.0, 55000.0),
        iterations(ladder).stream().map(f -> value(f, "NOPM")).toList());
    assertEquals(
        List.of(1, 2, 3, 1),
        iterations(ladder).stream().map(IterationFinished::iteration).toList());
    assertEquals(
        List.of(16, 16, 16, 32),
        iterations(ladder).stream().map(IterationFinished::threads).toList());
    assertEquals(List.of(16, 32), run(ladder).parameters().threads());
    assertEquals(3, run(ladder).parameters().iterations());
    assertEquals(
        "incomplete: 15 out of 16 virtual users reported",
        property(ladder, "Timing data").orElseThrow());
    assertTrue(ladder.description().contains("2 rungs (16 to 32 VUs), 4 result(s) of 4"));
  }

  @Test
  void aVuCountSeenEarlierInTheLadderStartsTheNextRunUnlessRepeatsAreIterations() {
    String text =
        result(8, 1000, "67FD3345479A03E263133333")
            + result(16, 2000, "67FD3700479A03E263133333")
            + result(8, 1100, "67FD3A00479A03E263133333");
    List<ImportBatch> runs = importFiles(FACTS, List.of(text("ladder.log", text)));
    assertEquals(2, runs.size());
    assertEquals(List.of(8, 16), run(runs.get(0)).parameters().threads());
    assertEquals(List.of(8), run(runs.get(1)).parameters().threads());
    assertEquals(1100.0, value(iterations(runs.get(1)).get(0), "NOPM"));

    HammerdbImporter.RunFacts repeats =
        new HammerdbImporter.RunFacts(
            FACTS.dataset(),
            FACTS.test(),
            FACTS.serverVersion(),
            FACTS.host(),
            FACTS.startedAt(),
            FACTS.useFileTime(),
            FACTS.timezone(),
            true,
            Optional.empty());
    ImportBatch one = only(importFiles(repeats, List.of(text("ladder.log", text))));
    assertEquals(
        List.of("8/1", "16/1", "8/2"),
        iterations(one).stream().map(f -> f.threads() + "/" + f.iteration()).toList());
  }

  @Test
  void aLadderKeepsItsEventIdsWhenAnotherLadderOfItsFileChanges() {
    String first =
        result(8, 1000, "67FD3345479A03E263133333") + result(16, 2000, "67FD3700479A03E263133333");
    String second =
        result(8, 1100, "67FD3A00479A03E263133333") + result(16, 2100, "67FD3D00479A03E263133333");
    List<ImportBatch> before = importFiles(FACTS, List.of(text("ladder.log", first + second)));
    List<ImportBatch> after =
        importFiles(
            FACTS,
            List.of(
                text(
                    "ladder.log",
                    "Vuser 1:a line more before both ladders\n"
                        + first
                        + second.replace("2100 NOPM", "2150 NOPM"))));
    assertEquals(2, before.size());
    assertEquals(2, after.size());
    assertEquals(
        before.get(0).events(),
        after.get(0).events(),
        "the unchanged ladder reads the same events, ids and all, whatever else the file holds");
    List<String> ids = before.get(1).events().stream().map(e -> e.eventId()).toList();
    assertEquals(ids, after.get(1).events().stream().map(e -> e.eventId()).toList());
    assertTrue(!before.get(1).events().equals(after.get(1).events()));
  }

  @Test
  void aRungWithoutAResultIsAFailedIterationAndOnlyALastOneFailsTheRun() {
    String aborted =
        "4 Virtual Users Created with Monitor VU\n"
            + "Vuser 1:DBVersion:11.4.5\nVuser 1:Beginning rampup time of 1 minutes\n"
            + "Vuser 1:Timing test period of 2 in minutes\n"
            + "Vuser 1:Rampup complete, Taking start Transaction Count.\n";
    ImportBatch middle =
        only(
            importFiles(
                FACTS,
                List.of(
                    text(
                        "middle.log",
                        result(2, 900, "67FD3345479A03E263133333")
                            + aborted
                            + result(8, 1000, "67FD3A00479A03E263133333")))));
    assertEquals(
        List.of(
            IterationFinished.Status.completed,
            IterationFinished.Status.failed,
            IterationFinished.Status.completed),
        iterations(middle).stream().map(IterationFinished::status).toList());
    assertEquals(List.of(2, 3, 8), run(middle).parameters().threads());
    assertEquals(RunFinished.Status.completed, one(middle, RunFinished.class).status());
    assertTrue(middle.description().contains("3 VUs no result"), middle.description());

    ImportBatch last =
        only(
            importFiles(
                FACTS,
                List.of(text("last.log", result(2, 900, "67FD3345479A03E263133333") + aborted))));
    assertEquals(RunFinished.Status.failed, one(last, RunFinished.class).status());
  }

  static String result(int vus, int nopm, String jobid) {
    return "Vuser 1:DBVersion:11.4.5\nVuser 1:Beginning rampup time of 1 minutes\n"
        + "Vuser 1:Timing test period of 2 in minutes\n"
        + "Vuser 1:"
        + vus
        + " Active Virtual Users configured\nVuser 1:TEST RESULT : System achieved "
        + nopm
        + " NOPM from "
        + nopm * 2
        + " MariaDB TPM\nALL VIRTUAL USERS COMPLETE\nBenchmark Run jobid="
        + jobid
        + "\n";
  }

  @Test
  void asyncScalingKeepsTheVuCountAndRecordsTheSessionsAndTheEngineIsTheDatabases() {
    ImportBatch b = only(importOf("mixed/g_sqlserver_async.log"));
    assertEquals("SQL Server 16.0.4135.4", run(b).dataset());
    assertEquals(4, iterations(b).get(0).threads());
    assertEquals("40", property(b, "Active sessions").orElseThrow());
    assertEquals("10", property(b, "Async clients per VU").orElseThrow());
    assertTrue(property(b, "Client side TPM").orElseThrow().startsWith("incomplete: neworder"));
    EnvironmentSnapshot env = one(b, EnvironmentSnapshot.class);
    assertNull(env.database().engine(), "SQL Server is not InnoDB");
    assertEquals("sqlserver", env.database().maker());
    assertEquals("16.0.4135.4", env.database().version());
    ImportBatch pg =
        only(HammerdbFixtures.importLabelled("mixed/h_postgresql_v3.3.log").stream().toList());
    assertNull(one(pg, EnvironmentSnapshot.class).database().engine(), "PostgreSQL");
    assertEquals(
        "innodb",
        one(only(importOf("mixed/a_cli_v4.12_indented.log")), EnvironmentSnapshot.class)
            .database()
            .engine());
  }

  @Test
  void withoutTheActiveLineTheMonitorIsNotCountedAmongTheCreatedVus() {
    String text =
        "Vuser 1 created MONITOR - WAIT IDLE\n5 Virtual Users Created with Monitor VU\n"
            + "Vuser 1:DBVersion:10.11.9\nVuser 1:Beginning rampup time of 1 minutes\n"
            + "Vuser 1:TEST RESULT : System achieved 900 NOPM from 2000 MariaDB TPM\n"
            + "Benchmark Run jobid=67FD3345479A03E263133333\n";
    ImportBatch b = only(importFiles(FACTS, List.of(text("cut.log", text))));
    assertEquals(4, iterations(b).get(0).threads());
  }

  @Test
  void aResultWithoutAnyVuCountIsRefusedSayingWhatIsMissing() {
    String text =
        "Vuser 1:DBVersion:10.11.9\n"
            + "Vuser 1:TEST RESULT : System achieved 900 NOPM from 2000 MariaDB TPM\n"
            + "Benchmark Run jobid=67FD3345479A03E263133333\n";
    BadInputException e =
        assertThrows(
            BadInputException.class, () -> importFiles(FACTS, List.of(text("bare.log", text))));
    assertTrue(e.getMessage().startsWith("bare.log:2: no virtual user count"), e.getMessage());
    assertTrue(e.getMessage().contains("no 'Active Virtual Users configured'"), e.getMessage());
  }

  @Test
  void aFailedVirtualUserMarksTheIterationFailedAndAnAbortedRunHasNoValues() {
    HammerdbImporter.RunFacts dated =
        HammerdbFixtures.facts(
            java.util.Optional.of(Instant.parse("2026-01-05T00:00:00Z")),
            false,
            java.util.Optional.empty());
    IterationFinished f =
        iterations(only(HammerdbFixtures.importWith(dated, "failed_vu.log"))).get(0);
    assertEquals(IterationFinished.Status.failed, f.status());
    assertEquals(9100, value(f, "NOPM"));
    ImportBatch aborted = only(HammerdbFixtures.importWith(dated, "aborted.log"));
    IterationFinished a = iterations(aborted).get(0);
    assertEquals(IterationFinished.Status.failed, a.status());
    assertEquals(2, a.threads(), "the worker VUs seen");
    assertTrue(a.values().isEmpty());
  }

  @Test
  void textThatIsNotHammerdbOutputIsRefused() {
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> HammerdbParser.read(text("notes.txt", "hello\nworld\n")));
    assertTrue(e.getMessage().startsWith("notes.txt:1: not HammerDB output"), e.getMessage());
    assertFalse(e.getMessage().contains("Exception"));
  }
}
