package io.benchlake.cli;

import static io.benchlake.cli.ImportRoundTripIT.block;
import static io.benchlake.cli.ImportRoundTripIT.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.Fixtures;
import io.benchlake.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * TAF reports of every kind (TPROC-C NOPM, a timing ratio whose means have 3 decimals, TPS with a
 * dataset of fewer iterations) imported, ingested and rendered again: every cell and the title as
 * printed. Then what an exclusion and the messages around it do to such a report.
 */
class TafReportRerenderIT {
  /** The homes, each with its broker kept while its test (or class) runs. */
  @RegisterExtension static final HostedBroker BROKER = new HostedBroker();

  private static final Path TPROCC = Fixtures.path("taf-report", "tprocc_nopm_synthetic.txt");
  private static final Path OLTP = Fixtures.path("taf-report", "oltp_rw_11.4-13.0.txt");

  /** The title lines of a report: every non-blank line before "Comparison: ". */
  static List<String> title(List<String> lines) {
    return lines
        .subList(
            0,
            lines.indexOf(
                lines.stream().filter(l -> l.startsWith("Comparison: ")).findFirst().orElseThrow()))
        .stream()
        .filter(l -> !l.isBlank())
        .toList();
  }

  static void assertRendersAsPrinted(Path report, String test, String metric) throws Exception {
    CliRunner.Run rendered = CliRunner.run("report", "--test", test, "--metric", metric);
    ok(rendered);
    List<String> original = Files.readAllLines(report);
    List<String> mine = List.of(rendered.out().split("\n", -1));
    assertEquals(title(original), title(mine), report + ": title");
    assertEquals(
        block(original, "Comparison: " + metric),
        block(mine, "Comparison: " + metric),
        report.toString());
    for (String line : original) {
      if (line.startsWith("Thread Count: ")) {
        assertEquals(block(original, line), block(mine, line), report + ": " + line);
      }
    }
  }

  @Test
  void everyCellOfEveryKindOfReportRendersAsPrinted() throws Exception {
    BROKER.freshHome("taf-rerender");
    Path dir = TestDirs.fresh("taf-variants");
    Path nopm = dir.resolve("nopm.txt");
    Files.writeString(
        nopm,
        TafReportWriter.over(
                TPROCC,
                List.of("TPROCC", "MDEV-32750 - NOPM at 5 iterations"),
                "NOPM",
                1,
                75000,
                0.004,
                5)
            .text());
    Path delivery = dir.resolve("delivery.txt");
    Files.writeString(
        delivery,
        TafReportWriter.over(
                TPROCC,
                List.of(
                    "DELIVERY_ratio by Thread Count",
                    "DELIVERY_ratio by Thread Count - TPROCC",
                    "MDEV-39364 - deeper look"),
                "DELIVERY_ratio",
                2,
                12.5,
                0.05,
                3)
            .text()
            .replace("-MariaDB", "-MariaDB AHI OFF"));
    Path tps = dir.resolve("oltp_ro.txt");
    TafReportWriter ro =
        TafReportWriter.over(
            OLTP,
            List.of("TPS by Thread Count", "TPS by Thread Count - OLTP_RO"),
            "TPS",
            3,
            640,
            0.05,
            3);
    Files.writeString(
        tps,
        ro.fewer(ro.datasets().get(1), 2)
            .text()
            .replace(
                "Test Name\tOLTP_RW\tOLTP_RW\tOLTP_RW\tOLTP_RW",
                "Test Name\tOLTP_RO\tOLTP_RO\tOLTP_RO\tOLTP_RO"));

    CliRunner.Run imported =
        CliRunner.run("import", "taf-report", nopm.toString(), delivery.toString(), tps.toString());
    ok(imported);
    assertTrue(
        imported
            .out()
            .contains(
                "\"DELIVERY_ratio by Thread Count / DELIVERY_ratio by Thread Count"
                    + " - TPROCC / MDEV-39364 - deeper look\": DELIVERY_ratio of TPROCC, 3 dataset(s)"),
        imported.out());
    ok(CliRunner.run("ingest"));
    assertRendersAsPrinted(nopm, "TPROCC", "NOPM");
    assertRendersAsPrinted(delivery, "TPROCC", "DELIVERY_ratio");
    assertRendersAsPrinted(tps, "OLTP_RO", "TPS");

    String a = "10.4.10-MariaDB AHI OFF";
    String b = "11.8.4-MariaDB AHI OFF";
    CliRunner.Run notDefault = CliRunner.run("regressions", "--baseline", a, "--candidate", b);
    assertEquals(2, notDefault.exit(), notDefault.out());
    assertEquals(
        "benchlake: '"
            + a
            + "' and '"
            + b
            + "' share no thread count with metric TPS or NOPM (the default); they share TPROCC"
            + " DELIVERY_ratio: give --metric\n",
        notDefault.err());

    // An exclusion: the iteration keeps its row, the printed statistics give way to computed ones.
    String run = AnnotateIT.sql("select run_id from runs where dataset = '" + a + "'");
    ok(
        CliRunner.run(
            "annotate",
            run,
            "--threads",
            "64",
            "--iteration",
            "2",
            "--exclude",
            "--reason",
            "noisy neighbour"));
    ok(CliRunner.run("ingest"));
    CliRunner.Run after = CliRunner.run("report", "--test", "TPROCC", "--metric", "DELIVERY_ratio");
    ok(after);
    List<String> original = block(Files.readAllLines(delivery), "Thread Count: 64");
    List<String> now = block(List.of(after.out().split("\n", -1)), "Thread Count: 64");
    assertEquals(original.get(original.size() - 3), now.get(now.size() - 3), "Iteration 1");
    assertTrue(now.get(now.size() - 2).startsWith("Iteration 2\texcluded\t"), now.toString());
    assertEquals(
        original.get(original.size() - 1), now.get(now.size() - 1), "Iteration 3 in place");
    double first = Double.parseDouble(original.get(original.size() - 3).split("\t")[1]);
    double third = Double.parseDouble(original.get(original.size() - 1).split("\t")[1]);
    assertEquals(
        io.benchlake.analytics.query.NumberText.fixed((first + third) / 2, 2),
        now.get(3).split("\t")[1],
        "the mean of iterations 1 and 3");
    assertTrue(
        after.out().contains("(an iteration is excluded): " + a + " at 64 threads"), after.out());
    assertEquals(
        block(Files.readAllLines(delivery), "Thread Count: 32"),
        block(List.of(after.out().split("\n", -1)), "Thread Count: 32"),
        "other thread counts keep the printed statistics");

    // Regressions print for people in text and exactly in json.
    CliRunner.Run text =
        CliRunner.run(
            "regressions", "--baseline", "10.4.10-MariaDB", "--candidate", "11.8.4-MariaDB");
    ok(text);
    assertFalse(text.out().contains("no_change"), text.out());
    for (String line : text.out().lines().skip(2).toList()) {
      if (line.startsWith("(")) {
        continue;
      }
      assertTrue(
          line.matches(
              ".*\\s(<0\\.001|[01]\\.\\d\\d|0\\.0*[1-9]\\d\\d)\\s+(regression|improvement|no change)\\b.*"),
          line);
    }
    CliRunner.Run json =
        CliRunner.run(
            "regressions",
            "--baseline",
            "10.4.10-MariaDB",
            "--candidate",
            "11.8.4-MariaDB",
            "--format",
            "json");
    ok(json);
    assertTrue(json.out().contains("\"verdict\" : \"no change\""), json.out());
    assertTrue(
        json.out().matches("(?s).*\"p_value\" : 0\\.\\d{6,}.*"), "full precision: " + json.out());

    // A whole run excluded: said so, not "unknown dataset".
    String nopmRun = AnnotateIT.sql("select run_id from runs where dataset = '10.4.10-MariaDB'");
    ok(CliRunner.run("annotate", nopmRun, "--exclude", "--reason", "wrong build"));
    ok(CliRunner.run("ingest"));
    CliRunner.Run gone =
        CliRunner.run(
            "regressions", "--baseline", "10.4.10-MariaDB", "--candidate", "11.8.4-MariaDB");
    assertEquals(2, gone.exit());
    assertEquals(
        "benchlake: dataset '10.4.10-MariaDB' has no run left to compare: run "
            + nopmRun
            + " (TPROCC) is excluded: wrong build (`benchlake annotate RUN --include --reason …`"
            + " takes a run back)\n",
        gone.err());
    CliRunner.Run report =
        CliRunner.run(
            "report", "--test", "TPROCC", "--metric", "NOPM", "--datasets", "10.4.10-MariaDB");
    assertEquals(2, report.exit());
    assertTrue(report.err().contains("has no run left to compare for TPROCC"), report.err());
  }
}
