package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A directory mixing every HammerDB output variant (ingest's test resources hammerdb/mixed) is
 * imported, ingested and queried: NOPM, TPM, virtual users, months, timings and engines.
 */
class HammerdbImportIT {
  /** The homes, each with its broker kept while its test (or class) runs. */
  @RegisterExtension static final HostedBroker BROKER = new HostedBroker();

  static final Path MIXED =
      Path.of("..", "importers", "src", "test", "resources", "hammerdb", "mixed");

  static String sql(String query) {
    CliRunner.Run run = CliRunner.run("sql", query, "--format", "csv");
    assertEquals(0, run.exit(), run.out() + run.err());
    return run.out();
  }

  @Test
  void everyVariantLandsWithItsNumbersVirtualUsersMonthTimingsAndEngine() throws Exception {
    BROKER.freshHome("hammerdb-mixed");
    assertTrue(Files.isDirectory(MIXED), MIXED.toAbsolutePath().toString());
    CliRunner.Run imported =
        CliRunner.run("import", "hammerdb", MIXED.toString(), "--dataset", "HammerDB outputs");
    assertEquals(0, imported.exit(), imported.out() + imported.err());
    CliRunner.Run ingest = CliRunner.run("ingest");
    assertEquals(0, ingest.exit(), ingest.out() + ingest.err());

    assertEquals(
        "month,threads,iteration,NOPM,TPM,status\n"
            + "2021-01,3,1,0,5960,failed\n"
            + "2021-03,4,1,9855,30042,completed\n"
            + "2023-02,8,1,60135,139718,completed\n"
            + "2024-11,4,1,80123,184000,completed\n"
            + "2024-11,8,1,41000,95000,completed\n"
            + "2025-04,24,1,128176,298394,completed\n"
            + "2025-06,16,1,30100,70050,completed\n"
            + "2025-06,16,2,30500,70900,completed\n"
            + "2025-06,16,3,29800,69300,completed\n"
            + "2025-06,32,1,55000,128000,completed\n"
            + "2025-08,2,1,0,0,failed\n"
            + "2025-08,12,1,52000,121000,completed\n"
            + "2026-06,152,1,2653370,6171000,completed\n",
        sql(
            "select r.month, n.threads, n.iteration, n.value as NOPM, t.value as TPM, n.status"
                + " from iterations n join iterations t using (run_id, threads, iteration)"
                + " join runs r using (run_id)"
                + " where n.metric = 'NOPM' and t.metric = 'TPM' order by r.month, n.threads, n.iteration"));
    assertEquals(
        "count_star()\n10\n", sql("select count(*) from runs"), "E's 16 and 32 VUs are one ladder");
    assertEquals(
        "threads,engine,maker\n4,,postgresql\n4,,sqlserver\n",
        sql(
            "select r.thread_ladder[1] as threads, e.engine, e.db_maker as maker from runs r"
                + " join environments e using (run_id) where e.engine is null order by maker"));
    assertEquals(
        "procedure,p75,p25,sd,sd_unit\nNEWORD,2.4,1.6,0.148,ms\nPAYMENT,1.3,0.8,0.09,ms\n",
        sql(
            "select procedure, p75, p25, sd, sd_unit from timings where threads = 152 order by procedure"));
    assertEquals(
        "count_star()\n5\n",
        sql(
            "select count(*) from timings where threads = 16 and iteration = 3 and sd_unit = 'clicks'"));
    String tps =
        sql(
            "select round(value, 1) as tps from iterations where threads = 16 and iteration = 1"
                + " and metric = 'TPS' and computed");
    assertEquals("tps\n1167.5\n", tps, "70050 TPM / 60, from the window's samples");
  }
}
