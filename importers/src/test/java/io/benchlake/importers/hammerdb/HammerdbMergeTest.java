package io.benchlake.importers.hammerdb;

import static io.benchlake.importers.hammerdb.HammerdbFixtures.FACTS;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.importFiles;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.importOf;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.iterations;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.only;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.resource;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.samples;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.text;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.Sample;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Files given together are one run only when they belong together. */
class HammerdbMergeTest {
  static final String[] SESSION = {
    "mixed/e_hammerdb.log", "mixed/e_hdbtcount.log", "mixed/e_hdbxtprofile.log"
  };

  @Test
  void theCounterRateInsideTheTimedWindowIsTheResultsTpm() {
    List<ImportBatch> runs = importOf(SESSION);
    IterationFinished first = iterations(runs.get(0)).get(0);
    List<Sample> measured =
        samples(runs.get(0)).stream().filter(s -> s.phase() == Sample.Phase.measured).toList();
    assertEquals(12, measured.size(), "2 minutes of 10 s samples, ramp-up and tail left out");
    double seconds = measured.stream().mapToDouble(Sample::intervalS).sum();
    double tps = measured.stream().mapToDouble(s -> s.tps() * s.intervalS()).sum() / seconds;
    assertEquals(value(first, "TPM") / 60, tps, value(first, "TPM") / 60 * 0.01);
    assertTrue(measured.stream().noneMatch(s -> s.tpm() == 0), "no zeros in the window");
    assertTrue(
        samples(runs.get(0)).stream().noneMatch(s -> s.tpm() == 12000),
        "no shutdown tail and no zeros after it");
    assertEquals(19, samples(runs.get(0)).size());
    assertEquals(
        7,
        samples(runs.get(0)).stream().filter(s -> s.phase() == Sample.Phase.warmup).count(),
        "the ramp-up minute");
  }

  @Test
  void eachProfileReportGoesToTheRunItWasWrittenAfterEvenWithFewerVusReporting() {
    List<ImportBatch> runs = importOf(SESSION);
    List<IterationFinished> its = iterations(runs.get(0));
    assertEquals(
        List.of(1.77, 1.87, 1.97, 2.07), its.stream().map(f -> value(f, "NEWORD_avg")).toList());
    assertEquals(15 * 120000 / 2, value(its.get(2), "NEWORD_calls"), "SUMMARY OF 15");
    assertEquals(16, its.get(2).threads(), "the VU count stays the monitor's");
    assertEquals(32, its.get(3).threads(), "the ladder's next rung");
    assertEquals("hammerdb:xtprof", its.get(0).values().get(2).source());
  }

  @Test
  void aProfileOfAnotherRunIsRefusedWithTheReason() {
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> importOf("mixed/e_hammerdb.log", "mixed/f_hdbxtprofile_v6.log"));
    assertTrue(
        e.getMessage()
            .contains(
                "f_hdbxtprofile_v6.log:1: its time profile (MariaDB, 2026-06-20T08:07:05Z) belongs to no run given with it"),
        e.getMessage());
  }

  @Test
  void aProfileOfAnotherDatabaseAtTheSameTimeIsNotMerged() {
    String profile =
        resource("mixed/e_hdbxtprofile.log").lines().stream()
            .map(l -> l.replace("MariaDB Hammerdb", "PostgreSQL Hammerdb"))
            .reduce("", (a, b) -> a + b + "\n");
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                importFiles(
                    FACTS,
                    List.of(resource("mixed/e_hammerdb.log"), text("pg_xtprof.log", profile))));
    assertTrue(
        e.getMessage().startsWith("pg_xtprof.log:1: its time profile (PostgreSQL"), e.getMessage());
  }

  @Test
  void theSameJobReadFromTwoFilesIsOneRun() {
    ImportBatch b =
        only(importOf("mixed/f_hdb_6A364880479A03E263133333.json", "mixed/f_hdbxtprofile_v6.log"));
    IterationFinished f = iterations(b).get(0);
    assertEquals(2, f.timings().size(), "the xtprof summary wins over the report's rows");
    assertEquals(2, b.files().size());
    String transcript =
        "Vuser 1:152 Active Virtual Users configured\n"
            + "Vuser 1:TEST RESULT : System achieved 2653370 NOPM from 6171000 MariaDB TPM\n"
            + "Benchmark Run jobid=6A364880479A03E263133333\n";
    ImportBatch both =
        only(
            importFiles(
                FACTS,
                List.of(
                    text("cli.log", transcript),
                    resource("mixed/f_hdb_6A364880479A03E263133333.json"))));
    assertEquals(1, iterations(both).size());
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                importFiles(
                    FACTS,
                    List.of(
                        text("cli.log", transcript.replace("2653370", "2653371")),
                        resource("mixed/f_hdb_6A364880479A03E263133333.json"))));
    assertTrue(e.getMessage().contains("has another result at cli.log:2"), e.getMessage());
  }

  @Test
  void addingACounterLogNeverDropsTheSamplesFoundInTheMainLog() {
    String log =
        "Vuser 1:DBVersion:11.4.5\nVuser 1:Beginning rampup time of 1 minutes\n"
            + "Vuser 1:Timing test period of 2 in minutes\n0 MariaDB tpm\n30000 MariaDB tpm\n"
            + "69900 MariaDB tpm\n70200 MariaDB tpm\nVuser 1:16 Active Virtual Users configured\n"
            + "Vuser 1:TEST RESULT : System achieved 30100 NOPM from 70050 MariaDB TPM\n"
            + "Timestamp 1 @ Tue Jul 01 00:33:00 BST 2025\nVuser 1:End:Tue Jul 01 00:33:00 BST 2025\n";
    ImportBatch alone = only(importFiles(FACTS, List.of(text("cli.log", log))));
    ImportBatch with =
        only(importFiles(FACTS, List.of(text("cli.log", log), resource("mixed/e_hdbtcount.log"))));
    assertEquals(3, samples(alone).size());
    assertEquals(samples(alone), samples(with));
    assertEquals(2, with.files().size(), "the counter log was matched, its samples not needed");
  }

  @Test
  void anUndatedProfileAmongSeveralRunsIsRefused() {
    BadInputException e =
        assertThrows(
            BadInputException.class, () -> importOf("mixed/e_hammerdb.log", "job_timing.json"));
    assertTrue(
        e.getMessage().contains("without a time or jobid cannot be told apart"), e.getMessage());
  }

  @Test
  void theJobsJsonFilesOfOneJobAreOneRun() {
    ImportBatch b =
        only(
            HammerdbFixtures.importLabelled(
                "job_result.json", "job_timing.json", "job_tcount.json"));
    IterationFinished f = iterations(b).get(0);
    assertEquals(24, f.threads());
    assertEquals(128176, value(f, "NOPM"));
    assertEquals(52.308, value(f, "NEWORD_ratio"));
    assertTrue(!samples(b).isEmpty());
  }
}
