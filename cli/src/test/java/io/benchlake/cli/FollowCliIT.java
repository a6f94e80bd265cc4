package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.Await;
import io.benchlake.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * `bin/benchlake ingest --follow` as a user runs it, hosting the embedded broker: an import from
 * another process becomes queryable while it follows, the signal Ctrl-C sends on a terminal's close
 * (SIGTERM here: a background process ignores SIGINT) stops it with a last commit, and a batch
 * ingest afterwards goes on from there to the same report a rebuild gives. Idle checkpoints commit
 * nothing.
 */
class FollowCliIT {
  private static final Pattern READ = Pattern.compile("Ingest \\d+ read (\\d+) events");

  /**
   * The report's events: per dataset run_started, environment, run_finished, source_statistics, 6
   * thread counts x 3 iterations, and the run's run_source.
   */
  private static final int REPORT_EVENTS = 4 * (4 + 6 * 3 + 1);

  @Test
  void followIngestsWhatIsImportedAndStopsCleanlyOnTheSignal() throws Exception {
    Path home = CliRunner.useFreshHome("follow-cli");
    Path log = home.resolve("follow.log");
    // Its temporary directory of its own: what a stop leaves there is seen.
    Path tmp = Files.createDirectories(home.resolve("tmp"));
    Process follow =
        BuiltTree.start(
            home,
            log,
            java.util.Map.of("BENCHLAKE_JAVA_OPTS", "-Xmx3g -Djava.io.tmpdir=" + tmp),
            "ingest",
            "--follow",
            "--poll",
            "1s");
    try {
      awaitOutput(follow, log, "Following the event log", 120);
      Path report = Fixtures.path("taf-report", "oltp_rw_11.4-13.0.txt");
      // imported from this JVM: another process than the follow, a client of its broker
      ImportRoundTripIT.ok(CliRunner.run("import", "taf-report", report.toString()));
      Await.until(
          () -> eventsRead(log) >= REPORT_EVENTS,
          Duration.ofSeconds(30),
          REPORT_EVENTS + " events read by the follow");
      assertEquals(REPORT_EVENTS, eventsRead(log), Files.readString(log));
      String followed = report();
      assertTrue(followed.contains("3766.360"), followed);

      follow.destroy(); // SIGTERM
      assertTrue(follow.waitFor(60, TimeUnit.SECONDS), "follow did not stop: " + read(log));
      assertTrue(read(log).contains("Stopped; the warehouse is at ingest"), read(log));
      assertTrue(!read(log).contains("Exception"), read(log));
      // Between the import and the stop the log was idle for many 1 s checkpoints: none of them
      // committed, so every manifest is one of the printed commits (or a compaction they name).
      String followLog = read(log);
      assertTrue(!followLog.contains(" read 0 events"), followLog);
      long printed = READ.matcher(followLog).results().count();
      long compactions = followLog.lines().filter(l -> l.contains("; compacted ")).count();
      try (var manifests = Files.list(home.resolve("warehouse").resolve("_ingest"))) {
        assertEquals(
            printed + compactions,
            manifests.filter(f -> f.getFileName().toString().matches("\\d+\\.json")).count(),
            followLog);
      }
      try (var left = Files.walk(tmp)) {
        // Flink's 21 MB RPC jar was left at every stop; its empty upload directory is reused.
        assertEquals(
            java.util.List.of(),
            left.filter(Files::isRegularFile).map(tmp::relativize).toList(),
            "files the follow left in its temporary directory");
      }

      // Goes on from the follow's last commit, which read every event: past it, only the
      // import's commit marker, so no job runs.
      // (these in this JVM: what is checked is what the follow left, not the launcher)
      CliRunner.Run after = CliRunner.run("ingest");
      ImportRoundTripIT.ok(after);
      assertTrue(after.out().contains("Nothing new since ingest"), after.out());
      assertEquals(followed, report());
      ImportRoundTripIT.ok(CliRunner.run("ingest", "--rebuild"));
      assertEquals(followed, report());
    } finally {
      if (follow.isAlive()) {
        follow.destroyForcibly().waitFor();
      }
    }
  }

  /** The text report of the home's warehouse, read in this JVM. */
  private static String report() {
    CliRunner.Run r = CliRunner.run("report", "--format", "text");
    ImportRoundTripIT.ok(r);
    return r.out();
  }

  private static long eventsRead(Path log) throws Exception {
    Matcher m = READ.matcher(read(log));
    long total = 0;
    while (m.find()) {
      total += Long.parseLong(m.group(1));
    }
    return total;
  }

  private static void awaitOutput(Process p, Path log, String text, int seconds) throws Exception {
    Await.until(
        () -> read(log).contains(text) || !p.isAlive(),
        Duration.ofSeconds(seconds),
        "'" + text + "' in " + log);
    assertTrue(read(log).contains(text), "ended: " + read(log));
  }

  private static String read(Path log) throws Exception {
    return Files.exists(log) ? Files.readString(log) : "";
  }
}
