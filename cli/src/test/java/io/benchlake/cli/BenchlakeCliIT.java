package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.TestDirs;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The launcher end to end, in process (but for the wait for an absent broker, bin/benchlake beside
 * the other checks): real broker, real servers, real Flink, real DuckDB.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BenchlakeCliIT {

  private static java.nio.file.Path home;

  /**
   * {@code ingest --bootstrap} at an address where no broker listens: it waits {@code
   * EventBus.REACH_TIMEOUT_S} (15 s) for one to answer, so it runs as bin/benchlake from the
   * class's start, beside the other checks, and {@link #userMistakesAreOneLineAndExitTwo} reads its
   * end.
   */
  private static Process noBroker;

  private static int noBrokerPort;

  private static java.nio.file.Path noBrokerHome;

  @BeforeAll
  static void freshHome() throws Exception {
    home = CliRunner.useFreshHome("cli");
    try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      noBrokerPort = closed.getLocalPort();
    } // nothing listens there now
    noBrokerHome = TestDirs.fresh("cli-no-broker");
    noBroker =
        BuiltTree.start(
            noBrokerHome,
            noBrokerHome.resolve("no-broker.out"),
            noBrokerHome.resolve("no-broker.err"),
            "ingest",
            "--bootstrap",
            "127.0.0.1:" + noBrokerPort);
  }

  @AfterAll
  static void noBrokerEnded() throws Exception {
    if (noBroker != null && noBroker.isAlive()) {
      noBroker.destroyForcibly().waitFor();
    }
  }

  static CliRunner.Run run(String... args) {
    return CliRunner.run(args);
  }

  @Test
  void demoComparesTwoVersionsAndTheWarehouseKeepsItsRowsAcrossIngests() throws Exception {
    CliRunner.Run demo =
        run(
            "demo",
            "--threads",
            "1,2",
            "--iterations",
            "2",
            "--duration",
            "1s",
            "--table-size",
            "1000");
    assertEquals(0, demo.exit(), demo.err());
    assertTrue(
        demo.out()
            .contains(
                "Comparison: TPS\n\nThreads\tMariadb 11.4.5-MariaDB\tMariadb 10.11.5-MariaDB\n1\t"),
        demo.out());
    assertTrue(
        demo.out().matches("(?s).*\n2\t[0-9]+\\.[0-9]{3}\t[0-9]+\\.[0-9]{3}\n.*"), demo.out());
    assertTrue(demo.out().contains("Thread Count: 2"), demo.out());
    String count = "select count(*) from iterations where metric = 'TPS'";
    CliRunner.Run sql = run("sql", count, "--format", "csv");
    assertEquals(0, sql.exit(), sql.err());
    assertEquals("count_star()\n8\n", sql.out());
    CliRunner.Run ingest = run("ingest");
    assertEquals(0, ingest.exit(), ingest.err());
    assertTrue(ingest.out().startsWith("Nothing new"), ingest.out());
    assertEquals("count_star()\n8\n", run("sql", count, "--format", "csv").out());
    assertEquals(
        "value_a,value_b\n11.4.5-MariaDB,10.11.5-MariaDB\n",
        run(
                "sql",
                "select value_a, value_b from config_diff where setting = 'version'"
                    + " and dataset_a = 'Mariadb 11.4.5-MariaDB'",
                "--format",
                "csv")
            .out());
    assertEquals(
        "release\n10.11.5\n11.4.5\n",
        run(
                    "sql",
                    "select distinct release, major, minor from releases order by major, minor",
                    "--format",
                    "csv")
                .out()
                .lines()
                .map(l -> l.split(",")[0])
                .reduce((x, y) -> x + "\n" + y)
                .orElse("")
            + "\n");
    CliRunner.Run report = run("report", "--test", "OLTP_RW");
    assertEquals(0, report.exit(), report.err());
    CliRunner.Run json =
        run(
            "report",
            "--test",
            "OLTP_RW",
            "--format",
            "json",
            "--baseline",
            "Mariadb 11.4.5-MariaDB");
    assertEquals(0, json.exit(), json.err());
    assertTrue(json.out().contains("\"format\" : \"benchlake.report/1\""), json.out());
    assertTrue(json.out().contains("\"change_pct\" : 0.0"), "the baseline's own change is 0");
    CliRunner.Run html = run("report", "--test", "OLTP_RW", "--format", "html");
    assertEquals(0, html.exit(), html.err());
    assertTrue(html.out().startsWith("<!DOCTYPE html>") && html.out().contains("uPlot"));
    CliRunner.Run trend = run("trend", "--test", "OLTP_RW", "--threads", "2", "--by", "release");
    assertEquals(0, trend.exit(), trend.err());
    assertTrue(
        trend.out().contains("\t10.11.5\t1\t2\t") && trend.out().contains("\t11.4.5\t1\t2\t"),
        trend.out());
    CliRunner.Run changes =
        run("changes", "--test", "OLTP_RW", "--threads", "2", "--format", "json");
    assertEquals(0, changes.exit(), changes.err());
    assertTrue(changes.out().contains("\"runs\" : 2"), changes.out());
    // asked again at the same commit: the history comes from the cache, the answer is the same
    try (var kept = java.nio.file.Files.list(home.resolve("cache/changes"))) {
      assertTrue(kept.findAny().isPresent(), "no history kept");
    }
    CliRunner.Run again = run("changes", "--test", "OLTP_RW", "--threads", "2", "--format", "json");
    assertEquals(changes.out(), again.out());
    CliRunner.Run badBaseline = run("report", "--test", "OLTP_RW", "--baseline", "nope");
    assertEquals(2, badBaseline.exit());
    assertTrue(badBaseline.err().contains("known: Mariadb 11.4.5-MariaDB"), badBaseline.err());
    // last: it leaves one of the two runs out (the one whose id sorts first, either version)
    theNextIngestReadsTheKeptHistoryAgain(changes.out());
    assertTrue(
        report
            .out()
            .startsWith(
                "TPS by Thread Count\n\nTPS by Thread Count - OLTP_RW\n\nComparison: TPS\n"),
        report.out());
  }

  /**
   * An ingest that commits (here an annotation that leaves a run out) keeps every series' history
   * at its own commit; the first `changes` after it, of a series asked before or never asked,
   * answers from that with no session, and says what a command that reads the history itself says.
   */
  private static void theNextIngestReadsTheKeptHistoryAgain(String before) throws Exception {
    java.nio.file.Path cache = home.resolve("cache/changes");
    List<java.nio.file.Path> keptBefore = listed(cache);
    String run =
        run("sql", "select min(run_id) from runs", "--format", "csv").out().lines().toList().get(1);
    CliRunner.Run annotate = run("annotate", run, "--exclude", "--reason", "a noisy neighbour");
    assertEquals(0, annotate.exit(), annotate.err());
    CliRunner.Run ingest = run("ingest");
    assertEquals(0, ingest.exit(), ingest.err());

    List<java.nio.file.Path> keptAfter = listed(cache);
    assertEquals(1, keptAfter.size(), keptAfter.toString());
    assertNotEquals(keptBefore, keptAfter, "kept at the new commit");
    assertEquals(1, listed(keptAfter.get(0)).size(), "every series, in one file");
    String[] asked = {"changes", "--test", "OLTP_RW", "--threads", "2", "--format", "json"};
    String[] neverAsked = {
      "changes", "--test", "oltp_read_write", "--threads", "2", "--by", "release"
    };
    CliRunner.Run first = withoutASession(asked);
    CliRunner.Run firstNeverAsked = withoutASession(neverAsked);
    assertTrue(before.contains("\"runs\" : 2"), before);
    assertTrue(first.out().contains("\"runs\" : 1"), "the run left out: " + first.out());
    deleteTree(cache);
    assertEquals(run(asked).out(), first.out());
    assertEquals(run(neverAsked).out(), firstNeverAsked.out());
  }

  /** A command that succeeds and reads its history without a DuckDB session (its timing lines). */
  private static CliRunner.Run withoutASession(String... args) throws Exception {
    CliRunner.Run r;
    System.setProperty("benchlake.timing", "true"); // the steps on stderr, a session's among them
    try {
      r = run(args);
    } finally {
      System.clearProperty("benchlake.timing");
    }
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.err().contains("timing: history read"), r.err());
    assertFalse(r.err().contains("timing: session:"), "no session: " + r.err());
    return r;
  }

  private static List<java.nio.file.Path> listed(java.nio.file.Path dir) throws Exception {
    try (var files = java.nio.file.Files.list(dir)) {
      return files.sorted().toList();
    }
  }

  private static void deleteTree(java.nio.file.Path dir) throws Exception {
    try (var all = java.nio.file.Files.walk(dir)) {
      for (java.nio.file.Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
        java.nio.file.Files.delete(p);
      }
    }
  }

  /** Last: by then the wait for an absent broker, started with the class, has ended. */
  @Test
  @Order(Integer.MAX_VALUE)
  void userMistakesAreOneLineAndExitTwo() throws Exception {
    CliRunner.Run badSql = run("sql", "SELEC 1");
    assertEquals(2, badSql.exit());
    assertEquals(1, badSql.err().lines().count(), badSql.err());
    assertTrue(badSql.err().contains("SELEC"), badSql.err());

    CliRunner.Run unknownVerb = run("frobnicate");
    assertEquals(2, unknownVerb.exit());
    assertTrue(
        unknownVerb.err().contains("Unmatched argument at index 0: 'frobnicate'"),
        unknownVerb.err());
    assertEquals(1, unknownVerb.err().lines().count(), unknownVerb.err());
    assertTrue(unknownVerb.err().contains("(see benchlake --help)"), unknownVerb.err());

    CliRunner.Run unknownFlag = run("demo", "--no-such-flag");
    assertEquals(2, unknownFlag.exit());
    assertEquals(1, unknownFlag.err().lines().count(), unknownFlag.err());

    // sysbench's way of giving a password: an option benchlake does not know, echoed masked
    CliRunner.Run unknownSecret = run("run", "--mysql-pass=hunter2");
    assertEquals(2, unknownSecret.exit());
    assertEquals(1, unknownSecret.err().lines().count(), unknownSecret.err());
    assertTrue(
        unknownSecret.err().startsWith("benchlake run: Unknown option: '--mysql-pass=***'")
            && !unknownSecret.err().contains("hunter2"),
        unknownSecret.err());

    CliRunner.Run badDuration = run("demo", "--duration", "fast");
    assertEquals(2, badDuration.exit());
    assertTrue(badDuration.err().contains("is not a duration"), badDuration.err());

    CliRunner.Run unknownVersion = run("demo", "--versions", "9.9.9");
    assertEquals(2, unknownVersion.exit());
    assertTrue(unknownVersion.err().contains("no embedded MariaDB 9.9.9"), unknownVersion.err());

    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CliRunner.Run portTaken = run("ingest", "--kafka-port", String.valueOf(taken.getLocalPort()));
      assertEquals(2, portTaken.exit(), portTaken.err());
      assertEquals(
          "benchlake: --kafka-port: port "
              + taken.getLocalPort()
              + " on 127.0.0.1 is already taken\n",
          portTaken.err());
    }
    assertTrue(noBroker.waitFor(2, TimeUnit.MINUTES), "ingest --bootstrap did not end");
    String noBrokerErr = Files.readString(noBrokerHome.resolve("no-broker.err"));
    assertEquals(2, noBroker.exitValue(), noBrokerErr);
    assertEquals(
        "benchlake: no Kafka broker answered at 127.0.0.1:"
            + noBrokerPort
            + " within 15 s (check --bootstrap)\n",
        noBrokerErr);
    assertTrue(!badSql.err().contains("\tat "), "no stack trace");
  }
}
