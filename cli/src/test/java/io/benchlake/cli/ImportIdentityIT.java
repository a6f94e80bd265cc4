package io.benchlake.cli;

import static io.benchlake.cli.ImportRoundTripIT.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.bus.EventBus;
import io.benchlake.home.BenchlakeHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 41's identities through the real broker, Flink job and views, on outputs written from the
 * formats (WrittenOutputs): a HammerDB ladder is one run and re-imports per run; an edited sysbench
 * log replaces its run once; one log for two datasets is two runs; an aborted last rung fails its
 * ladder. The tests share one home and its broker, each with datasets of its own.
 */
class ImportIdentityIT {
  static final long APRIL_2025 = 1744628400L; // 2025-04-14T11:00:00Z
  static final int[] LADDER = {1, 2, 4, 8, 16, 32, 64};
  private static Path home;
  private static EventBus broker;

  @BeforeAll
  static void sharedHome() throws Exception {
    home = CliRunner.useFreshHome("import-identity");
    broker = EventBus.connect(new BenchlakeHome(home), Optional.empty());
  }

  @AfterAll
  static void stopBroker() {
    if (broker != null) {
      broker.close();
    }
  }

  static String sql(String query) {
    CliRunner.Run r = CliRunner.run("sql", query, "--format", "csv");
    ok(r);
    return String.join("\n", r.out().lines().skip(1).toList());
  }

  static Path write(String name, String text) throws Exception {
    Path file = home.resolve("outputs").resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  static long[] nopm(long... values) {
    return values;
  }

  @Test
  void aLadderReimportedIsOneRunOfSevenRungsAndAChangedRungReplacesItOnce() throws Exception {
    long[] figures = nopm(5012, 9870, 19020, 36100, 61500, 84200, 87350);
    Path log =
        write("ladder/hammerdb.log", WrittenOutputs.hammerdbLadder(APRIL_2025, LADDER, figures));
    CliRunner.Run first =
        CliRunner.run("import", "hammerdb", log.toString(), "--dataset", "L 11.8");
    ok(first);
    assertTrue(first.out().contains("7 rungs (1 to 64 VUs), 7 result(s) of 7"), first.out());
    assertTrue(first.err().contains("parsed 1 file(s)"), first.err());
    CliRunner.Run again =
        CliRunner.run("import", "hammerdb", log.toString(), "--dataset", "L 11.8");
    ok(again);
    assertTrue(again.out().contains("nothing new: 0 events published"), again.out());
    assertFalse(again.out().contains("replaced"), again.out());
    ok(CliRunner.run("ingest"));
    String runs = "select count(*) from runs where dataset = 'L 11.8'";
    String rungs =
        "select count(distinct threads) || ' ' || count(*) from iterations join runs using (run_id)"
            + " where dataset = 'L 11.8' and metric = 'NOPM'";
    assertEquals("1", sql(runs));
    assertEquals("7 7", sql(rungs));
    assertEquals("0", sql("select count(*) from retractions where reason like '%ladder%'"));
    String before = sql("select run_id from runs where dataset = 'L 11.8'");

    figures[4] = 61900;
    Files.writeString(log, WrittenOutputs.hammerdbLadder(APRIL_2025, LADDER, figures));
    CliRunner.Run edited =
        CliRunner.run("import", "hammerdb", log.toString(), "--dataset", "L 11.8");
    ok(edited);
    assertEquals(
        1,
        edited.out().lines().filter(l -> l.startsWith("replaced 1 run from")).count(),
        edited.out());
    ok(CliRunner.run("ingest"));
    assertEquals("1", sql(runs));
    assertEquals("7 7", sql(rungs));
    assertEquals(
        "61900",
        sql(
            "select cast(value as bigint) from iterations join runs using (run_id)"
                + " where dataset = 'L 11.8' and metric = 'NOPM' and threads = 16"));
    assertEquals("1", sql("select count(*) from retractions where run_id = '" + before + "'"));
  }

  @Test
  void anEditedSysbenchLogReplacesItsRunOnceAndTheSameLogForTwoDatasetsIsTwoRuns()
      throws Exception {
    Path log = write("sysbench/oltp.log", WrittenOutputs.sysbench(4, 20, 1384.80));
    String[] asA = {
      "import",
      "sysbench",
      log.toString(),
      "--dataset",
      "SB A",
      "--test",
      "OLTP_RW",
      "--started-at",
      "2026-03-02"
    };
    ok(CliRunner.run(asA));
    ok(CliRunner.run("ingest"));
    String samples = "select count(*) from samples join runs using (run_id) where dataset = 'SB A'";
    String tps =
        "select round(value, 2) from iterations join runs using (run_id)"
            + " where dataset = 'SB A' and metric = 'TPS' and not computed";
    assertEquals("20", sql(samples));
    assertEquals("1384.8", sql(tps));

    Files.writeString(log, WrittenOutputs.sysbench(4, 20, 2000.00));
    CliRunner.Run edited = CliRunner.run(asA);
    ok(edited);
    assertEquals(
        1,
        edited.out().lines().filter(l -> l.startsWith("replaced 1 run from")).count(),
        edited.out());
    ok(CliRunner.run("ingest"));
    assertEquals("20", sql(samples), "the samples are not doubled");
    assertEquals("2000", sql(tps));
    ok(CliRunner.run("ingest", "--rebuild"));
    assertEquals("20", sql(samples));
    assertEquals("2000", sql(tps), "the same answer after a rebuild");

    CliRunner.Run asB =
        CliRunner.run(
            "import",
            "sysbench",
            log.toString(),
            "--dataset",
            "SB B",
            "--test",
            "OLTP_RW",
            "--started-at",
            "2026-03-02");
    ok(asB);
    assertFalse(asB.out().contains("replaced"), asB.out());
    ok(CliRunner.run("ingest"));
    assertEquals(
        "SB A 2000\nSB B 2000",
        sql(
            "select dataset || ' ' || cast(round(value) as bigint) from iterations"
                + " join runs using (run_id)"
                + " where dataset like 'SB %' and metric = 'TPS' and not computed order by 1"));
  }

  @Test
  void aLadderWhoseLastRungAbortedThenACompleteLadderAreTwoRunsTheFirstFailed() throws Exception {
    int[] vus = {1, 2, 4};
    String text =
        WrittenOutputs.hammerdbLadder(APRIL_2025 + 86400, vus, nopm(5000, 9900, -1))
            + WrittenOutputs.hammerdbLadder(APRIL_2025 + 2 * 86400, vus, nopm(5100, 9950, 19100));
    Path log = write("aborted/hammerdb.log", text);
    CliRunner.Run imported = CliRunner.run("import", "hammerdb", log.toString(), "--dataset", "AB");
    ok(imported);
    assertTrue(imported.out().contains("4 VUs no result"), imported.out());
    ok(CliRunner.run("ingest"));
    assertEquals(
        "\"failed 1,2,4\"\n\"completed 1,2,4\"",
        sql(
            "select status || ' ' || thread_ladder from runs where dataset = 'AB' order by started_at"));
  }
}
