package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** benchlake run from a YAML plan on the embedded server: published, resumable, checked input. */
class RunPlanIT {
  /** The homes, each with its broker kept while its test (or class) runs. */
  @RegisterExtension static final HostedBroker BROKER = new HostedBroker();

  private static Path home;

  @BeforeAll
  static void freshHome() throws Exception {
    home = BROKER.freshHome("run");
  }

  @Test
  void aPlanRunsItsLadderAndARerunDoesOnlyTheCellsNotDone() throws Exception {
    Path plan = home.resolve("ro.yaml");
    Files.writeString(
        plan,
        """
        # the TAF pattern, small
        test: OLTP_RO
        tag: it
        threads: [1, 2]
        iterations: 1
        time: 2s
        # throttled: what is tested is the plan's cells, not the server's speed
        rate: 50
        options:
          tables: 1
          table-size: 500
          rand-type: uniform
        properties:
          Test Case Tag: resumable
        datasets:
          - label: "RO on 11.4"
            embedded: 11.4.5
        """);
    CliRunner.Run first = CliRunner.run("run", plan.toString());
    assertEquals(0, first.exit(), first.err());
    assertTrue(first.out().contains("oltp_read_only: Number of threads: 2"), first.out());

    // As if the process had died after its first cell: the state remembers only 1 thread.
    Path state;
    try (Stream<Path> files = Files.list(home.resolve("plans"))) {
      state = files.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow();
    }
    String json = Files.readString(state);
    assertTrue(json.contains("\"1/1\"") && json.contains("\"2/1\""), json);
    Files.writeString(state, json.replace(", \"2/1\"", "").replace(",\n      \"2/1\"", ""));
    assertFalse(Files.readString(state).contains("2/1"), Files.readString(state));

    CliRunner.Run rerun = CliRunner.run("run", plan.toString());
    assertEquals(0, rerun.exit(), rerun.err());
    assertTrue(rerun.out().contains("iteration 1: done in an earlier run, skipped"), rerun.out());
    assertTrue(rerun.out().contains("Continuing the plan"), rerun.out());
    assertEquals(1, rerun.out().split("Number of threads: 2, iteration 1 of 1").length - 1);

    CliRunner.Run again = CliRunner.run("run", plan.toString());
    assertTrue(again.out().contains("is done in an earlier run: skipped"), again.out());

    assertEquals(0, CliRunner.run("ingest").exit());
    CliRunner.Run runs =
        CliRunner.run(
            "sql",
            "select count(*) as runs, min(status) as status, min(test_name) as test, "
                + "min(dataset) as dataset from runs",
            "--format",
            "csv");
    assertEquals("runs,status,test,dataset\n1,completed,OLTP_RO,RO on 11.4\n", runs.out());
    CliRunner.Run cells =
        CliRunner.run(
            "sql",
            "select threads, count(*) as n from iterations where metric = 'TPS' group by threads"
                + " order by threads",
            "--format",
            "csv");
    assertEquals("threads,n\n1,1\n2,1\n", cells.out(), "each cell once, in the same run");
    CliRunner.Run counts =
        CliRunner.run(
            "sql",
            "select max(value)::int as samples from iterations where metric = 'sample_count'"
                + " and threads = 2",
            "--format",
            "csv");
    // The cell run twice is valued from its last attempt: one attempt of 2 s has 2 or 3 samples,
    // the two together 4 or more.
    int samples = Integer.parseInt(counts.out().lines().skip(1).findFirst().orElseThrow());
    assertTrue(samples >= 1 && samples <= 3, counts.out());
  }

  @Test
  void badPlansAndFlagsAreOneLineWithFileAndLine() throws Exception {
    Path typo = home.resolve("typo.yaml");
    Files.writeString(typo, "test: OLTP_RW\nthreads: [1]\ntreads: [2]\n");
    CliRunner.Run r = CliRunner.run("run", typo.toString());
    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("benchlake: " + typo + ":3: unknown key 'treads'"), r.err());

    Path zero = home.resolve("zero.yaml");
    Files.writeString(zero, "workload: oltp_read_write\noptions:\n  tables: 0\n");
    r = CliRunner.run("run", zero.toString());
    assertEquals(2, r.exit());
    assertEquals("benchlake: " + zero + ":3: --tables must be at least 1, was 0\n", r.err());

    for (List<String> args :
        List.of(
            List.of("run", "--workload", "oltp_nope"),
            List.of("run", "--tables", "0"),
            List.of("run", "--rand-type", "normal"),
            List.of("run", "--jdbc-url", "jdbc:mariadb://127.0.0.1:1/x", "--time", "1s"),
            List.of("run", "--mysql-port", "1", "--mysql-password", "hunter2", "--time", "1s"),
            List.of("run", "--server", "11.4.5", "--mysql-password", "hunter2"),
            List.of("run", "--db-driver", "pgsql"),
            List.of("run", home.resolve("missing.yaml").toString()))) {
      CliRunner.Run bad = CliRunner.run(args.toArray(String[]::new));
      assertEquals(2, bad.exit(), args + ": " + bad.err());
      assertEquals(1, bad.err().lines().count(), args + ": " + bad.err());
      assertFalse(bad.err().contains("hunter2"), args + ": " + bad.err());
    }
    // sysbench's connection options make the URL, with sysbench's defaults for what is not given
    CliRunner.Run refused =
        CliRunner.run("run", "--mysql-port", "1", "--mysql-password", "hunter2", "--time", "1s");
    assertTrue(
        refused
            .err()
            .startsWith("benchlake: cannot connect to jdbc:mariadb://localhost:1/sbtest as sbtest"),
        refused.err());
  }
}
