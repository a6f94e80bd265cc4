package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.benchlake.cli.SysbenchCommandLine.Command;
import io.benchlake.cli.SysbenchCommandLine.Positionals;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class SysbenchCommandLineTest {
  private static CommandLine.Model.CommandSpec run() {
    CommandLine run =
        Benchlake.commandLine(new BenchlakeHome(Path.of("no-home"))).getSubcommands().get("run");
    WorkloadFlags.addTo(run);
    return run.getCommandSpec();
  }

  private static String[] respell(String... args) {
    return SysbenchCommandLine.respell(args, run());
  }

  @Test
  void sysbenchsSpellingsBecomeTheRunVerbsOwn() {
    assertArrayEquals(
        new String[] {
          "run",
          "oltp_read_write",
          "--table-size=1000",
          "--report-interval=1",
          "--mysql-storage-engine=myisam",
          "--db-ps-mode=disable",
          "--threads=8",
          "--time=30",
          "--events=1000",
          "--rate=50",
          "--mysql-password=a_b",
          "run"
        },
        respell(
            "run",
            "oltp_read_write",
            "--table_size=1000",
            "--report_interval=1",
            "--mysql_storage_engine=myisam",
            "--db_ps_mode=disable",
            "--num-threads=8",
            "--max-time=30",
            "--max_requests=1000",
            "--tx-rate=50",
            "--mysql-password=a_b",
            "run"));
  }

  @Test
  void anOnOffOptionAloneIsOnAndAValueAfterItIsStillItsValue() {
    assertArrayEquals(
        new String[] {"run", "--skip-trx=on", "run"}, respell("run", "--skip_trx", "run"));
    assertArrayEquals(
        new String[] {"run", "--histogram=on", "--auto-inc=on"},
        respell("run", "--histogram", "--auto_inc"));
    assertArrayEquals(
        new String[] {"run", "--skip-trx", "off", "run"},
        respell("run", "--skip-trx", "off", "run"));
    assertArrayEquals(
        new String[] {"run", "--tables", "4"}, respell("run", "--tables", "4"), "not on/off");
  }

  @Test
  void unknownOptionsAndPositionalWordsAreLeftAsTyped() {
    assertArrayEquals(
        new String[] {"run", "--tabel_size=5", "--x", "--", "--table_size=1"},
        respell("run", "--tabel_size=5", "--x", "--", "--table_size=1"));
  }

  @Test
  void positionalWordsAreAPlanOrATestNameAndACommand() {
    assertEquals(Positionals.NONE, Positionals.of(List.of()));
    assertEquals(
        new Positionals(null, "oltp_read_write", Command.RUN),
        Positionals.of(List.of("oltp_read_write", "run")));
    assertEquals(
        new Positionals(null, "oltp_point_select", Command.PREPARE),
        Positionals.of(List.of("/usr/share/sysbench/oltp_point_select.lua", "prepare")));
    assertEquals(
        new Positionals(null, "bulk_insert", null), Positionals.of(List.of("bulk_insert")));
    assertEquals(new Positionals(null, null, Command.CLEANUP), Positionals.of(List.of("cleanup")));
    assertEquals(
        new Positionals(Path.of("plan.yaml"), null, null), Positionals.of(List.of("plan.yaml")));
    assertEquals(
        new Positionals(Path.of("plan.yaml"), null, Command.PREPARE),
        Positionals.of(List.of("plan.yaml", "prepare")));
    assertNull(Positionals.of(List.of("help")).workload());
  }

  @Test
  void aWordThatIsNoCommandIsOneLine() {
    assertEquals(
        new Positionals(null, "oltp_read_write", Command.PREWARM),
        Positionals.of(List.of("oltp_read_write", "prewarm")));
    var e =
        assertThrows(
            BadInputException.class, () -> Positionals.of(List.of("oltp_read_write", "warm")));
    assertEquals(
        "'warm' is not a command benchlake runs (prepare, prewarm, run, cleanup or help)",
        e.getMessage());
    assertThrows(BadInputException.class, () -> Positionals.of(List.of("plan.yaml", "go")));
  }
}
