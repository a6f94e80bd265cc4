package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What `benchlake import` refuses before it reads or publishes anything: one line, exit 2. */
class ImportRefusalsTest {
  private static final String LOG =
      Fixtures.path("sysbench", "oltp_read_write_t4_i1.log").toString();

  static CliRunner.Run refused(String... args) {
    CliRunner.Run run = CliRunner.run(args);
    assertEquals(2, run.exit(), run.out() + run.err());
    assertEquals(1, run.err().lines().count(), run.err());
    return run;
  }

  @Test
  void aStartIn2300IsRefusedByItsFlag() {
    CliRunner.Run run =
        refused(
            "import",
            "sysbench",
            "--dataset",
            "d",
            "--test",
            "OLTP_RW",
            "--started-at",
            "2300-01-01",
            "--dry-run",
            LOG);
    assertTrue(
        run.err()
            .startsWith(
                "benchlake: --started-at is 2300-01-01T00:00:00Z; expected a time from 1970-01-01"
                    + " to 2200-01-01"),
        run.err());
  }

  @Test
  void aStartBefore1970IsRefusedByItsFlag() {
    CliRunner.Run run =
        refused(
            "import",
            "sysbench",
            "--dataset",
            "d",
            "--test",
            "OLTP_RW",
            "--started-at",
            "1969-12-31T23:59:59Z",
            "--dry-run",
            LOG);
    assertTrue(run.err().startsWith("benchlake: --started-at is 1969-12-31T23:59:59Z"), run.err());
  }

  @Test
  void aDeviceIsOneLineNotAnOutOfMemoryError() {
    CliRunner.Run run =
        refused(
            "import", "sysbench", "--dataset", "d", "--test", "OLTP_RW", "--dry-run", "/dev/zero");
    assertTrue(run.err().startsWith("benchlake: /dev/zero:1: a line longer than"), run.err());
  }

  @Test
  void aDatasetWithATabIsRefusedByItsFlag() {
    CliRunner.Run run =
        refused("import", "sysbench", "--dataset", "a\tb", "--test", "OLTP_RW", "--dry-run", LOG);
    assertTrue(run.err().startsWith("benchlake: --dataset holds a tab at character 2"), run.err());
  }

  @Test
  void anAliasWithALineBreakIsRefusedBeforeAnythingIsPublished() {
    CliRunner.Run run = refused("alias", "dataset", "old", "new\nlabel");
    assertTrue(
        run.err().startsWith("benchlake: alias dataset TO holds a line break at character 4"),
        run.err());
  }

  @Test
  void anAnnotationReasonWithNulIsRefusedByItsFlag() {
    CliRunner.Run run = refused("annotate", "some-run", "--exclude", "--reason", "bad\0run");
    assertTrue(run.err().startsWith("benchlake: --reason holds NUL at character 4"), run.err());
  }

  @Test
  void aLocalStartWithoutAZoneIsRefusedNamingBothWaysToGiveIt() {
    CliRunner.Run run =
        refused(
            "import",
            "sysbench",
            "--dataset",
            "d",
            "--test",
            "OLTP_RW",
            "--started-at",
            "2025-11-23T19:04:53",
            "--dry-run",
            LOG);
    assertEquals(
        "benchlake: --started-at '2025-11-23T19:04:53' is a local time with no zone: give"
            + " --timezone ZONE or a sidecar's \"timezone\" (e.g. Europe/Berlin or +01:00)",
        run.err().strip());
  }

  @Test
  void aLocalStartWithItsZoneIsTaken() {
    CliRunner.Run run =
        CliRunner.run(
            "import",
            "sysbench",
            "--dataset",
            "d",
            "--test",
            "OLTP_RW",
            "--started-at",
            "2025-11-23T19:04:53",
            "--timezone",
            "Europe/Berlin",
            "--dry-run",
            LOG);
    assertEquals(0, run.exit(), run.out() + run.err());
    assertTrue(run.out().contains("dry run: "), run.out());
  }

  @Test
  void aLayoutThatMatchesNoFileIsRefusedNotADryRunOfNothing() {
    CliRunner.Run run =
        refused(
            "import",
            "sysbench",
            "--layout",
            "{dataset}/{test}/{threads}.log",
            "--dry-run",
            java.nio.file.Path.of(LOG).getParent().toString());
    assertTrue(
        run.err()
            .startsWith(
                "benchlake: --layout '{dataset}/{test}/{threads}.log' matches no file under "),
        run.err());
    assertTrue(!run.out().contains("dry run"), run.out());
  }

  @Test
  void aFileUnderATpccMysqlLayoutThatItDoesNotNameIsRefusedInOneLine(@TempDir Path dir)
      throws Exception {
    Path cell = Files.createDirectories(dir.resolve("MariaDB 11.4/2025-05-04"));
    Files.writeString(
        cell.resolve("c8.log"),
        "<Parameters>\n  [warehouse]: 10\n [connection]: 8\n\nMEASURING START.\n\n"
            + "  10, trx: 100, 95%: 5.000, 99%: 9.000, max_rt: 12.000, 100|3.000, 10|1.000,"
            + " 10|30.000, 10|20.000\n\n<TpmC>\n                 600.000 TpmC\n");
    Files.writeString(cell.resolve("notes.txt"), "buffer pool 8G\n");
    CliRunner.Run run =
        refused(
            "import",
            "tpcc-mysql",
            "--layout",
            "{dataset}/{date}/*.log",
            "--dry-run",
            dir.toString());
    assertEquals(
        "benchlake: "
            + cell.resolve("notes.txt")
            + ": not a path --layout '{dataset}/{date}/*.log' names: every file under the"
            + " directory given is read as an output, so move this one out or give a layout that"
            + " names it",
        run.err().strip());
  }
}
