package io.benchlake.cli;

import static io.benchlake.cli.ImportRoundTripIT.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** benchlake annotate through the real broker and Flink job: statistics honour it and say so. */
class AnnotateIT {
  /** The homes, each with its broker kept while its test (or class) runs. */
  @RegisterExtension static final HostedBroker BROKER = new HostedBroker();

  private static final String D = "Mariadb 11.4.2-MariaDB-log";

  /** The first row of a query's CSV answer, without its header. */
  static String sql(String query) {
    CliRunner.Run r = CliRunner.run("sql", query, "--format", "csv");
    ok(r);
    return r.out().lines().skip(1).findFirst().orElse("");
  }

  @Test
  void anExcludedIterationLeavesTheStatisticsAndTheReportSaysSoUntilItIsIncludedAgain()
      throws Exception {
    BROKER.freshHome("annotate");
    Path report = Fixtures.path("taf-report", "oltp_rw_11.4-13.0.txt");
    ok(CliRunner.run("import", "taf-report", report.toString()));
    ok(CliRunner.run("ingest"));
    String run = sql("select run_id from runs where dataset = '" + D + "'");
    String stats =
        "select n || ' ' || round(mean, 3) from comparison where dataset = '"
            + D
            + "' and threads = 64 and metric = 'TPS'";
    assertEquals("3 3766.36", sql(stats));

    CliRunner.Run annotated =
        CliRunner.run(
            "annotate",
            run.substring(0, 12),
            "--threads",
            "64",
            "--iteration",
            "2",
            "--exclude",
            "--reason",
            "a backup ran during it");
    ok(annotated);
    assertTrue(
        annotated.out().contains("Excluded threads 64, iteration 2 of " + run), annotated.out());
    ok(CliRunner.run("ingest"));
    assertTrue(sql(stats).startsWith("2 "), "two iterations left: " + sql(stats));
    assertEquals(
        "3",
        sql(
            "select n from comparison where dataset = '"
                + D
                + "' and threads = 32 and metric = 'TPS'"));

    CliRunner.Run text = CliRunner.run("report", "--test", "OLTP_RW");
    ok(text);
    assertTrue(text.out().contains("Left out of the statistics (benchlake annotate)"), text.out());
    assertTrue(text.out().contains(D + "\t64\t2\ta backup ran during it"), text.out());
    CliRunner.Run json = CliRunner.run("report", "--test", "OLTP_RW", "--format", "json");
    assertTrue(
        json.out().contains("\"reason\" : \"a backup ran during it\"")
            || json.out().contains("\"reason\":\"a backup ran during it\""),
        json.out());
    CliRunner.Run regressions =
        CliRunner.run("regressions", "--baseline", D, "--candidate", "Mariadb 13.0.0-MariaDB-log");
    ok(regressions);
    assertTrue(
        regressions.err().contains("threads 64 iteration 2: a backup ran during it"),
        regressions.err());

    ok(
        CliRunner.run(
            "annotate",
            run,
            "--threads",
            "64",
            "--iteration",
            "2",
            "--include",
            "--reason",
            "the backup was elsewhere"));
    ok(CliRunner.run("ingest"));
    assertEquals("3 3766.36", sql(stats));
    assertFalse(CliRunner.run("report", "--test", "OLTP_RW").out().contains("Left out"));

    // A whole run left out: the dataset has no completed run to compare any more.
    ok(CliRunner.run("annotate", run, "--exclude", "--reason", "wrong build"));
    ok(CliRunner.run("ingest"));
    assertEquals("", sql("select dataset from comparison where dataset = '" + D + "' limit 1"));
    assertEquals("true", sql("select excluded from runs where run_id = '" + run + "'"));
  }

  @Test
  void annotatingWhatIsNotThereIsOneLineAndExitTwo() throws Exception {
    BROKER.freshHome("annotate-bad");
    for (String[] verb :
        List.of(
            new String[] {"report", "--test", "OLTP_RW"},
            new String[] {"regressions", "--baseline", "A", "--candidate", "B"},
            new String[] {"trend", "--test", "OLTP_RW", "--threads", "4"},
            new String[] {"annotate", "x", "--exclude", "--reason", "y"})) {
      CliRunner.Run empty = CliRunner.run(verb);
      assertEquals(2, empty.exit(), String.join(" ", verb));
      assertEquals(
          "benchlake: no runs yet; run `benchlake demo` or `benchlake import` (then `benchlake"
              + " ingest`)\n",
          empty.err());
    }
    ok(
        CliRunner.run(
            "import",
            "taf-report",
            Fixtures.path("taf-report", "oltp_rw_11.4-13.0.txt").toString()));
    ok(CliRunner.run("ingest"));
    CliRunner.Run unknown = CliRunner.run("annotate", "nope", "--exclude", "--reason", "x");
    assertEquals(2, unknown.exit());
    assertTrue(
        unknown.err().startsWith("benchlake: no run 'nope' in the warehouse"), unknown.err());
    assertEquals(1, unknown.err().strip().lines().count(), unknown.err());
    String run = sql("select min(run_id) from runs");
    CliRunner.Run threads =
        CliRunner.run("annotate", run, "--threads", "3", "--exclude", "--reason", "x");
    assertEquals(2, threads.exit());
    assertTrue(
        threads.err().contains("has no thread count 3 (it has [4, 8, 16, 32, 64, 128])"),
        threads.err());
    CliRunner.Run both = CliRunner.run("annotate", run, "--exclude", "--include", "--reason", "x");
    assertEquals(2, both.exit(), both.err());
  }
}
