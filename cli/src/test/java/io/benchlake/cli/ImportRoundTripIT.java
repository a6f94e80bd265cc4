package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.testing.Fixtures;
import io.benchlake.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Imports through the real broker, ingests with the real Flink job, reports through DuckDB. */
class ImportRoundTripIT {
  /** The homes, each with its broker kept while its test (or class) runs. */
  @RegisterExtension static final HostedBroker BROKER = new HostedBroker();

  static void ok(CliRunner.Run run) {
    assertEquals(0, run.exit(), run.out() + run.err());
  }

  /** The lines of a block that starts with {@code first}, up to the blank line after its table. */
  static List<String> block(List<String> lines, String first) {
    int start = lines.indexOf(first);
    assertTrue(start >= 0, "has " + first);
    List<String> out = new ArrayList<>();
    int i = start;
    out.add(lines.get(i++));
    while (i < lines.size() && lines.get(i).isBlank()) {
      out.add(lines.get(i++));
    }
    while (i < lines.size() && !lines.get(i).isBlank()) {
      out.add(lines.get(i++));
    }
    return out;
  }

  static String count(String where) {
    return CliRunner.run("sql", "select count(*) from iterations where " + where, "--format", "csv")
        .out();
  }

  @Test
  void aTafReportRoundTripsEveryNumberAndImportingTwiceAddsNothing() throws Exception {
    BROKER.freshHome("taf");
    Path report = Fixtures.path("taf-report", "oltp_rw_11.4-13.0.txt");
    ok(CliRunner.run("import", "taf-report", report.toString()));
    ok(CliRunner.run("ingest"));
    CliRunner.Run rendered = CliRunner.run("report", "--test", "OLTP_RW");
    ok(rendered);
    List<String> original = Files.readAllLines(report);
    List<String> mine = List.of(rendered.out().split("\n", -1));
    assertEquals(block(original, "Comparison: TPS"), block(mine, "Comparison: TPS"));
    assertEquals(
        block(original, "System Info (per dataset)"), block(mine, "System Info (per dataset)"));
    for (String line : original) {
      if (line.startsWith("Thread Count: ")) {
        assertEquals(block(original, line), block(mine, line), line);
      }
    }
    assertTrue(
        rendered.out().contains("\n# Innodb\ninnodb_buffer_pool_size=30G\n"),
        "Config Contents keeps its line breaks");
    assertEquals("count_star()\n72\n", count("metric = 'TPS'"));

    ok(CliRunner.run("import", "taf-report", report.toString()));
    ok(CliRunner.run("ingest"));
    assertEquals("count_star()\n72\n", count("metric = 'TPS'"), "the same file twice adds nothing");
    assertEquals(
        "count_star()\n4\n",
        CliRunner.run("sql", "select count(*) from runs", "--format", "csv").out());

    String stats =
        CliRunner.run(
                "sql",
                "select run_id, threads, metric, n, mean, stddev, p95, skewness from thread_stats order by all",
                "--format",
                "csv")
            .out();
    ok(CliRunner.run("ingest", "--rebuild"));
    assertEquals(
        stats,
        CliRunner.run(
                "sql",
                "select run_id, threads, metric, n, mean, stddev, p95, skewness from thread_stats order by all",
                "--format",
                "csv")
            .out(),
        "a rebuild from offset 0 gives the same answers");

    Path tprocc = Fixtures.path("taf-report", "tprocc_nopm_synthetic.txt");
    ok(CliRunner.run("import", "taf-report", tprocc.toString()));
    ok(CliRunner.run("ingest"));
    CliRunner.Run nopm =
        CliRunner.run(
            "report",
            "--metric",
            "NOPM",
            "--test",
            CliRunner.run(
                    "sql",
                    "select test_name from runs where test_suite <> 'sysbench-lua' limit 1",
                    "--format",
                    "csv")
                .out()
                .lines()
                .skip(1)
                .findFirst()
                .orElseThrow());
    ok(nopm);
    assertEquals(
        "release\n10.4.10\n10.11.4\n11.8.4\n",
        CliRunner.run(
                    "sql",
                    "select distinct release, major, minor, patch from releases where metric = 'NOPM' order by major, minor, patch",
                    "--format",
                    "csv")
                .out()
                .lines()
                .map(l -> l.split(",")[0])
                .reduce((x, y) -> x + "\n" + y)
                .orElse("")
            + "\n");
    List<String> tOriginal = Files.readAllLines(tprocc);
    List<String> tMine = List.of(nopm.out().split("\n", -1));
    assertEquals(block(tOriginal, "Comparison: NOPM"), block(tMine, "Comparison: NOPM"));
    for (String line : tOriginal) {
      if (line.startsWith("Thread Count: ")) {
        assertEquals(block(tOriginal, line), block(tMine, line), line);
      }
    }
  }

  @Test
  void sysbenchLogsBecomeARunAndADyingLogIsAFailedIteration() throws Exception {
    Path home = BROKER.freshHome("sysbench");
    // The warehouse elsewhere, named as Flink names files (e.g. a mount shared with task managers),
    // and the home, as the environment names them: the launcher reads them as its main does
    Path shared = TestDirs.fresh("sysbench-shared-warehouse");
    System.setProperty("benchlake.home", home.toString());
    System.setProperty("benchlake.warehouse", shared.toUri().toString());
    CliRunner.use(null);
    try {
      sysbenchLogs();
      assertTrue(Files.isDirectory(shared.resolve("samples/month=2026-05")));
      assertTrue(Files.exists(shared.resolve("_ingest/CURRENT")));
      assertFalse(Files.exists(home.resolve("warehouse")));
      System.setProperty("benchlake.warehouse", "s3://bench-results/warehouse");
      CliRunner.Run refused = CliRunner.run("sql", "select 1");
      assertEquals(2, refused.exit());
      assertEquals(
          "benchlake: BENCHLAKE_WAREHOUSE=s3://bench-results/warehouse: a s3: warehouse is not"
              + " supported; give a path or a file: URI on a local or mounted file system (DuckDB"
              + " reads the warehouse here without network file systems)\n",
          refused.err());
    } finally {
      System.clearProperty("benchlake.warehouse");
      System.clearProperty("benchlake.home");
      CliRunner.use(new BenchlakeHome(home));
    }
  }

  private void sysbenchLogs() throws Exception {
    Path dir = Fixtures.path("sysbench");
    CliRunner.Run imported =
        CliRunner.run(
            "import",
            "sysbench",
            dir.resolve("oltp_read_write_t4_i1.log").toString(),
            dir.resolve("oltp_read_write_t16_killfatal.log").toString(),
            "--dataset",
            "Mariadb 10.11.19",
            "--test",
            "OLTP_RW",
            "--server-version",
            "10.11.19-MariaDB",
            "--started-at",
            "2026-05-04");
    ok(imported);
    ok(CliRunner.run("ingest"));
    assertEquals(
        "count_star()\n1\n",
        count("metric = 'TPS' and status = 'completed' and threads = 4 and value = 1384.8"));
    assertEquals(
        "count_star()\n1\n",
        count("metric = 'TPS' and status = 'failed' and threads = 16 and computed"));
    assertEquals(
        "status,month\nfailed,2026-05\n",
        CliRunner.run("sql", "select status, month from runs", "--format", "csv").out());
    assertEquals(
        "count_star()\n20\n",
        CliRunner.run("sql", "select count(*) from samples where threads = 4", "--format", "csv")
            .out());
  }

  @Test
  void exportedEventsImportIntoANewHomeAndExportTheSame() throws Exception {
    BROKER.freshHome("export-a");
    ok(
        CliRunner.run(
            "import",
            "taf-report",
            Fixtures.path("taf-report", "oltp_rw_11.4-13.0.txt").toString()));
    Path first = Files.createTempFile("events-a", ".jsonl");
    ok(CliRunner.run("export", "events", "--out", first.toString()));
    BROKER.freshHome("export-b");
    ok(CliRunner.run("import", "events", first.toString()));
    Path second = Files.createTempFile("events-b", ".jsonl");
    ok(CliRunner.run("export", "events", "--out", second.toString()));
    List<String> a = Files.readAllLines(first);
    // per run: run_started, environment, run_finished, source_statistics, 6 x 3 iterations,
    // and its run_source
    assertEquals(4 * (4 + 6 * 3 + 1), a.size());
    assertEquals(a, Files.readAllLines(second));
  }

  @Test
  void aBadFileIsOneLinePublishesNothingAndKeepGoingSkipsIt() throws Exception {
    BROKER.freshHome("bad");
    Path bad = Files.createTempFile("bad", ".log");
    String good = Files.readString(Fixtures.path("sysbench", "oltp_read_write_t4_i1.log"));
    Files.writeString(bad, good.replace("tps: 1370.23", "tps: 13x0.23"));
    Path ok = Fixtures.path("sysbench", "oltp_read_write_t4_i1.log");
    CliRunner.Run stopped =
        CliRunner.run(
            "import", "sysbench", ok.toString(), bad.toString(), "--dataset", "d", "--test", "T");
    assertEquals(2, stopped.exit());
    assertTrue(stopped.err().contains(bad + ":14: "), stopped.err());
    ok(CliRunner.run("ingest"));
    assertEquals(
        "count_star()\n0\n",
        CliRunner.run("sql", "select count(*) from runs", "--format", "csv").out());

    CliRunner.Run skipped =
        CliRunner.run(
            "import",
            "sysbench",
            ok.toString(),
            bad.toString(),
            "--dataset",
            "d",
            "--test",
            "T",
            "--keep-going");
    assertEquals(2, skipped.exit());
    assertTrue(skipped.err().contains("skipped " + bad + ":14: "), skipped.err());
    ok(CliRunner.run("ingest"));
    assertEquals(
        "count_star()\n1\n",
        CliRunner.run("sql", "select count(*) from runs", "--format", "csv").out());
  }

  /** The importers' own fixtures (BenchBase result sets, tpcc-mysql outputs), read in place. */
  static final Path IMPORTER_FIXTURES = Path.of("..", "importers", "src", "test", "resources");
}
