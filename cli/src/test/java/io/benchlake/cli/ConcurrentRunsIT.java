package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two {@code benchlake run}s on one home at once: the second waits for the embedded server the
 * first is using (or refuses with --no-wait), and its results are kept though the first, which
 * hosted the broker, ends before it. The two runs are bin/benchlake processes; the refused run and
 * the export, which only need another process than the first, run in this JVM.
 */
class ConcurrentRunsIT {
  /**
   * Throttled (sysbench's --rate): what is tested is who holds the server, not how fast it answers,
   * so the runs leave the cores to the JVM starts and the refused run beside them.
   */
  private static final String[] RUN = {"run", "oltp_point_select", "--table_size=100", "--rate=20"};

  @Test
  void aSecondRunWaitsForTheServerAndKeepsItsResultsWhenTheFirstEnds() throws Exception {
    Path home = CliRunner.useFreshHome("concurrent-runs");
    Path firstLog = home.resolve("first.log");
    // The first run must outlast the second's start (a JVM, and a connection to the first's
    // broker) and the refused run (in this JVM, beside it): 10 s was not enough on a loaded 2-core
    // machine when both were JVMs started one after the other (the refused run took 8 s and the
    // second found the server free).
    Process first = BuiltTree.start(home, firstLog, append(RUN, "--tag=first", "--time=20"));
    awaitLine(firstLog, "[ 1s ]", first);

    Path secondLog = home.resolve("second.log");
    Process second = BuiltTree.start(home, secondLog, append(RUN, "--tag=second", "--time=2"));
    CliRunner.Run refused = CliRunner.run(append(RUN, "--tag=refused", "--time=1", "--no-wait"));
    String refusal = refused.out() + refused.err();
    assertEquals(2, refused.exit(), refusal);
    assertTrue(refusal.contains("embedded MariaDB 11.4.5 is in use by process"), refusal);
    assertTrue(first.isAlive(), "the first run still has the server");

    awaitLine(secondLog, "embedded MariaDB 11.4.5 is in use by process", second);
    assertTrue(first.isAlive(), "the second waits while the first runs");
    assertTrue(first.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, first.exitValue(), Files.readString(firstLog));
    assertTrue(second.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, second.exitValue(), Files.readString(secondLog));

    CliRunner.Run export = CliRunner.run("export", "events");
    ImportRoundTripIT.ok(export);
    String events = export.out();
    long runs =
        events.lines().filter(l -> l.contains("\"schema\":\"benchlake.run_started/")).count();
    long finished =
        events.lines().filter(l -> l.contains("\"schema\":\"benchlake.run_finished/")).count();
    assertEquals(2, runs, "both runs are in the event log");
    assertEquals(2, finished, "and both finished there");
  }

  private static String[] append(String[] base, String... more) {
    String[] all = java.util.Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  /** Waits until {@code log} has a line containing {@code text}, while {@code p} runs. */
  private static void awaitLine(Path log, String text, Process p) throws Exception {
    Await.until(
        () -> (Files.exists(log) && Files.readString(log).contains(text)) || !p.isAlive(),
        Duration.ofSeconds(120),
        "'" + text + "' in " + log);
    assertTrue(
        Files.readString(log).contains(text),
        "ended without '" + text + "': " + Files.readString(log));
  }
}
