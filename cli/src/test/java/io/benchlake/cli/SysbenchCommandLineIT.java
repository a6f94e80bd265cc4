package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.loadgen.server.EmbeddedMariaDb;
import io.benchlake.loadgen.testing.SharedServer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A sysbench command line, with sysbench's spellings, run as it is against a running server (an
 * embedded one, started once for the class): prepare, run and cleanup as separate commands, and
 * only the run is published.
 */
class SysbenchCommandLineIT {
  private static final String PASSWORD = "sock3t-pw-" + ProcessHandle.current().pid();

  @RegisterExtension
  static final SharedServer SERVER = new SharedServer("sysbench-server", "11.4.5", PASSWORD);

  @BeforeAll
  static void freshHome() throws Exception {
    CliRunner.useFreshHome("sysbench-cli");
  }

  /** The command line with sysbench's options to reach the shared server by its socket. */
  private static CliRunner.Run sysbench(String... args) {
    EmbeddedMariaDb server = SERVER.server();
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(
        List.of(
            "--mysql-socket=" + server.socket(),
            "--mysql-user=" + server.user(),
            "--mysql-password=" + PASSWORD));
    return CliRunner.run(all.toArray(String[]::new));
  }

  @Test
  void aServerIsReachedByItsSocketAsWithSysbenchsMysqlSocket() {
    EmbeddedMariaDb server = SERVER.server();
    CliRunner.Run run =
        CliRunner.run(
            "run",
            "oltp_point_select",
            "--mysql-socket=" + server.socket(),
            "--mysql-user=" + server.user(),
            "--mysql-password=" + PASSWORD,
            "--table_size=200",
            "--time=1",
            "--rate=50", // throttled: the socket and the interval lines are checked, not speed
            "--cleanup",
            "--tag=socket");
    assertEquals(0, run.exit(), run.err());
    assertTrue(
        run.out().contains("jdbc:mariadb://localhost/sbtest?localSocket=" + server.socket()),
        run.out());
    assertFalse(run.out().contains(PASSWORD) || run.err().contains(PASSWORD));
    // the server runs on this machine: its CPU is on every interval line, as for one it starts
    assertTrue(run.out().contains(" cpu (u/s/io/idle): "), run.out());
    assertTrue(
        run.out().lines().filter(l -> l.startsWith("[ ")).allMatch(l -> l.contains(" mariadbd: ")),
        run.out());
  }

  @Test
  void prepareRunAndCleanupAreSysbenchsCommands() {
    CliRunner.Run prepare =
        sysbench("run", "oltp_point_select", "--table_size=300", "--threads=2", "prepare");
    assertEquals(0, prepare.exit(), prepare.err());
    assertTrue(prepare.out().contains("Creating 1 tables of 300 rows"), prepare.out());
    assertFalse(prepare.out().contains("Event log"), "prepare publishes nothing: " + prepare.out());

    CliRunner.Run prewarm =
        sysbench("run", "oltp_point_select", "--table_size=300", "--threads=2", "prewarm");
    assertEquals(0, prewarm.exit(), prewarm.err());
    assertTrue(prewarm.out().contains("Prewarming 1 tables of 300 rows"), prewarm.out());
    CliRunner.Run noPrewarm = sysbench("run", "bulk_insert", "prewarm");
    assertEquals(2, noPrewarm.exit());
    assertEquals(
        "benchlake: bulk_insert has no prewarm command (sysbench's oltp_* workloads have one)\n",
        noPrewarm.err());

    CliRunner.Run run =
        sysbench(
            "run",
            "/usr/share/sysbench/oltp_point_select.lua",
            "--table_size=300",
            "--num-threads=2",
            "--max-time=1",
            "--tx-rate=50", // sysbench 1.0's name of --rate: throttled, speed is not checked
            "--report_interval=1",
            "--db-ps-mode=disable",
            "--skip_trx",
            "--tag=sb",
            "run");
    assertEquals(0, run.exit(), run.err());
    assertFalse(run.out().contains("Creating"), "run uses the tables prepare made: " + run.out());
    assertTrue(run.out().contains("oltp_point_select: Number of threads: 2"), run.out());

    CliRunner.Run cleanup = sysbench("run", "oltp_point_select", "cleanup");
    assertEquals(0, cleanup.exit(), cleanup.err());
    assertTrue(cleanup.out().contains("Dropping 1 tables"), cleanup.out());

    CliRunner.Run noTables = sysbench("run", "oltp_point_select", "--time=1", "run");
    assertEquals(2, noTables.exit(), noTables.out());
    assertEquals(
        "benchlake: table sbtest1 is not in database 'sbtest'; make the tables first with the"
            + " prepare command, or run without --no-prepare\n",
        noTables.err());

    assertEquals(0, CliRunner.run("ingest").exit());
    CliRunner.Run runs =
        CliRunner.run(
            "sql",
            "select count(*) as runs, min(tag) as tag, min(workload) as workload,"
                + " bool_and(properties_json like '%disable%') as text_statements from runs"
                + " where tag <> 'socket'",
            "--format",
            "csv");
    assertEquals(
        "runs,tag,workload,text_statements\n1,sb,oltp_point_select,true\n",
        runs.out(),
        "only the run is published; the run without tables published nothing");
  }
}
