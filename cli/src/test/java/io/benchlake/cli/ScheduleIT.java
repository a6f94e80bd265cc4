package io.benchlake.cli;

import static io.benchlake.cli.ImportRoundTripIT.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** benchlake schedule --now: ingests what was published, then writes each job's dated output. */
class ScheduleIT {
  /** The homes, each with its broker kept while its test (or class) runs. */
  @RegisterExtension static final HostedBroker BROKER = new HostedBroker();

  @Test
  void aScheduleRunNowIngestsFirstAndWritesEachJobIntoADatedDirectory() throws Exception {
    Path home = BROKER.freshHome("schedule");
    ok(
        CliRunner.run(
            "import",
            "taf-report",
            Fixtures.path("taf-report", "oltp_rw_11.4-13.0.txt").toString()));
    Path out = home.resolve("out");
    Path file = home.resolve("schedule.yaml");
    Files.writeString(
        file,
        "output: "
            + out
            + "\njobs:\n"
            + "  - {name: oltp, cron: \"0 6 * * *\", verb: report,"
            + " args: [--test, OLTP_RW, --format, md]}\n"
            + "  - {name: regress, cron: \"30 6 * * 1\", verb: regressions,"
            + " args: [--baseline, Mariadb 11.4.2-MariaDB-log, --candidate,"
            + " Mariadb 13.0.0-MariaDB-log, --format, json, --fail-on-regression]}\n");
    CliRunner.Run r = CliRunner.run("schedule", file.toString(), "--now");
    ok(r);
    List<Path> written;
    try (Stream<Path> walk = Files.walk(out)) {
      written = walk.filter(Files::isRegularFile).sorted().toList();
    }
    assertEquals(2, written.size(), written.toString());
    assertTrue(
        written.get(0).getParent().getFileName().toString().matches("\\d{4}-\\d\\d-\\d\\d_\\d{4}"),
        written.toString());
    assertTrue(
        Files.readString(out.resolve(written.get(0).getParent().getFileName()).resolve("oltp.md"))
            .contains("Comparison: TPS"));
    assertTrue(Files.readString(written.get(1)).contains("\"verdict\""), "regressions json");
    assertTrue(r.out().contains("regress: wrote"), r.out());

    Files.writeString(file, "jobs:\n  - {name: x, cron: \"61 * * * *\", verb: report}\n");
    CliRunner.Run bad = CliRunner.run("schedule", file.toString(), "--now");
    assertEquals(2, bad.exit());
    assertTrue(bad.err().startsWith("benchlake: " + file + ":"), bad.err());
  }
}
