package io.benchlake.cli;

import static io.benchlake.cli.ImportRoundTripIT.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One test, one name; corrections; conflicts (issues 23 and 24), through the real broker and Flink
 * job: a HammerDB TPROC-C import and a TAF TPROCC report are one test, a dataset alias merges two
 * labels, a file re-imported with another date replaces its run, an id re-published with other
 * content is refused by both ingest paths, and a rebuild gives the same answers throughout.
 */
class CanonicalNamesIT {
  /** The homes, each with its broker kept while its test (or class) runs. */
  @RegisterExtension static final HostedBroker BROKER = new HostedBroker();

  private static final String LOG_LABEL = "Mariadb 11.8.4-MariaDB-log";

  private static String sql(String query) {
    CliRunner.Run r = CliRunner.run("sql", query, "--format", "csv");
    ok(r);
    return String.join("\n", r.out().lines().skip(1).toList());
  }

  /** Imports the HammerDB log for the dataset LOG_LABEL, dated {@code date}. */
  private static CliRunner.Run importLog(Path log, String date) {
    return CliRunner.run(
        "import", "hammerdb", log.toString(), "--dataset", LOG_LABEL, "--started-at", date);
  }

  /** What the views answer, as one text to compare before and after a rebuild. */
  private static String answers() {
    return sql(
            "select test_name, dataset, original_test_name, original_dataset,"
                + " strftime(started_at, '%Y-%m-%d') from runs order by all")
        + "\n"
        + sql(
            "select test_name, dataset, threads, metric, round(mean, 3) from comparison"
                + " order by all")
        + "\n"
        + sql("select test_name, month, threads, metric, runs from monthly order by all");
  }

  @Test
  void aHammerdbImportAndATafReportAreOneTestAndACorrectedDateReplacesTheRun() throws Exception {
    Path home = BROKER.freshHome("canonical-names");
    Path log = home.resolve("tprocc_vu2.log");
    // The first result of a HammerDB v4 CLI transcript: 2 active virtual users, NOPM 20515.
    Files.copy(Path.of("src/test/resources/hammerdb/tprocc_vu2.log"), log);
    ok(
        CliRunner.run(
            "import",
            "taf-report",
            Fixtures.path("taf-report", "tprocc_nopm_synthetic.txt").toString()));
    // First read with the date an old importer took from the file's modification time.
    CliRunner.Run first = importLog(log, "2026-12-04");
    ok(first);
    ok(CliRunner.run("ingest"));

    assertEquals("TPROCC", sql("select distinct test_name from runs"));
    assertEquals(
        "TPROC-C|TPROCC",
        sql(
            "select string_agg(distinct original_test_name, '|' order by original_test_name) from runs"));
    assertEquals("1", sql("select count(distinct test_name) from comparison"));

    CliRunner.Run alias = CliRunner.run("alias", "dataset", LOG_LABEL, "11.8.4-MariaDB");
    ok(alias);
    ok(CliRunner.run("ingest"));
    assertEquals(
        "10.11.4-MariaDB\n10.4.10-MariaDB\n11.8.4-MariaDB",
        sql("select distinct dataset from runs order by 1"));
    assertEquals(
        LOG_LABEL, sql("select original_dataset from runs where source = 'import:hammerdb'"));
    CliRunner.Run list = CliRunner.run("alias", "list", "--format", "csv");
    ok(list);
    assertTrue(list.out().contains("dataset," + LOG_LABEL + ",11.8.4-MariaDB,user"), list.out());
    assertTrue(list.out().contains("test,tproc-c,TPROCC,built-in"), list.out());
    CliRunner.Run cycle = CliRunner.run("alias", "dataset", "11.8.4-MariaDB", LOG_LABEL);
    assertEquals(2, cycle.exit(), cycle.err());
    assertEquals(1, cycle.err().strip().lines().count(), cycle.err());
    // an alias only the log holds yet (no ingest since) counts as well
    ok(CliRunner.run("alias", "dataset", "label a", "label b"));
    CliRunner.Run throughTheLog = CliRunner.run("alias", "dataset", "label b", "label a");
    assertEquals(2, throughTheLog.exit(), throughTheLog.err());
    assertTrue(
        throughTheLog.err().contains("would make a cycle: 'label b' -> 'label a' -> 'label b'"),
        throughTheLog.err());

    String retracted = sql("select run_id from runs where source = 'import:hammerdb'");
    // The same file read again with the right date: its run is replaced, not copied.
    CliRunner.Run fixed = importLog(log, "2023-02-10");
    ok(fixed);
    assertTrue(
        fixed
            .out()
            .contains("replaced 1 run from " + log + ": started_at 2026-12-04 -> 2023-02-10"),
        fixed.out());
    ok(CliRunner.run("ingest"));
    assertEquals(
        "1|2023-02-10|hammerdb|4",
        sql(
            "select count(*) || '|' || strftime(min(started_at), '%Y-%m-%d') || '|' || min(importer)"
                + " || '|' || min(importer_version) from runs where source = 'import:hammerdb'"));
    assertEquals("0", sql("select count(*) from iterations where run_id = '" + retracted + "'"));
    assertEquals(retracted, sql("select run_id from retracted_runs"));
    assertEquals(
        "2023-02", sql("select distinct month from monthly where threads = 2 and metric = 'NOPM'"));

    CliRunner.Run again = importLog(log, "2023-02-10");
    ok(again);
    assertTrue(again.out().contains("nothing new: 0 events published"), again.out());

    String before = answers();
    ok(CliRunner.run("ingest", "--rebuild"));
    assertEquals(before, answers());
  }

  @Test
  void anIdRepublishedWithOtherContentIsRefusedByBothIngestPathsAndADeadRunIsWrittenByBoth()
      throws Exception {
    Path home = BROKER.freshHome("content-conflict");
    Instant started = Instant.parse("2026-11-02T10:00:00Z");
    Path first = home.resolve("first.jsonl");
    Files.writeString(first, run("r1", started, 100.0));
    ok(CliRunner.run("import", "events", first.toString()));
    ok(CliRunner.run("ingest"));

    // The same ids with another TPS, and a run that died two hours ago: samples, no end.
    Instant dead = Instant.now().minus(2, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
    Path second = home.resolve("second.jsonl");
    Files.writeString(second, run("r1", started, 250.0) + deadRun("r2", dead));
    ok(CliRunner.run("import", "events", second.toString()));
    CliRunner.Run incremental = CliRunner.run("ingest");
    assertEquals(4, incremental.exit(), incremental.out() + incremental.err());
    assertTrue(
        incremental.out().contains("was published before with other content"), incremental.out());
    assertTrue(incremental.out().contains("250.0"), "both versions: " + incremental.out());
    String answers =
        sql(
            "select run_id, metric, value, status from iterations where metric = 'TPS' order by all");
    assertTrue(answers.contains("r1,TPS,100,completed"), answers);
    assertTrue(answers.contains("r2,TPS,20,incomplete"), "the dead run is written: " + answers);

    CliRunner.Run rebuild = CliRunner.run("ingest", "--rebuild");
    assertEquals(4, rebuild.exit(), rebuild.out() + rebuild.err());
    assertTrue(rebuild.out().contains("was published before with other content"), rebuild.out());
    assertEquals(
        answers,
        sql(
            "select run_id, metric, value, status from iterations where metric = 'TPS' order by all"));
  }

  /** One event as a JSON line: its kind, run, name within the run, time and other fields. */
  private static String line(String kind, String run, String name, Instant at, String fields) {
    return String.format(
        "{\"schema\":\"benchlake.%s/1\",\"event_id\":\"%s-%s\",\"run_id\":\"%s\","
            + "\"emitted_at\":\"%s\",\"started_at\":\"%s\",%s}%n",
        kind, run, name, run, at, at, fields);
  }

  private static String started(String run, Instant at, String test) {
    return line(
        "run_started",
        run,
        "start",
        at,
        "\"dataset\":\"MariaDB 11.4.2\",\"test_suite\":\"sysbench\",\"test_name\":\""
            + test
            + "\",\"source\":\"test\"");
  }

  /** A completed run of one iteration at 4 threads with {@code tps}. */
  private static String run(String id, Instant at, double tps) {
    return started(id, at, "oltp_read_write")
        + line(
            "iteration_finished",
            id,
            "it1",
            at,
            "\"threads\":4,\"iteration\":1,\"status\":\"completed\",\"values\":[{\"metric\":"
                + "\"TPS\",\"value\":"
                + tps
                + ",\"unit\":\"tx/s\",\"source\":\"test\"}]")
        + line("run_finished", id, "end", at, "\"status\":\"completed\"");
  }

  /** A run that died in its first iteration: three samples (10, 20, 30 tx/s) and no end. */
  private static String deadRun(String id, Instant at) {
    StringBuilder out = new StringBuilder(started(id, at, "OLTP_RW"));
    for (int s = 1; s <= 3; s++) {
      out.append(
          line(
              "sample",
              id,
              "s" + s,
              at,
              "\"threads\":4,\"iteration\":1,\"offset_s\":"
                  + s
                  + ",\"interval_s\":1,\"phase\":\"measured\",\"tps\":"
                  + 10 * s
                  + ",\"qps\":0,\"errors_ps\":0,\"reconnects_ps\":0"));
    }
    return out.toString();
  }
}
