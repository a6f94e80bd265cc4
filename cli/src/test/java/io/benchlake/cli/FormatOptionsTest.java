package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** --format and --out as every verb that prints a result takes them (FormatOptions). */
class FormatOptionsTest {
  @Test
  void aFormatTheVerbDoesNotOfferIsRefusedInOneLineBeforeAnythingIsRead() {
    assertRefused(
        "benchlake: changes --format csv: use text, md or json",
        "changes",
        "--test",
        "T",
        "--threads",
        "2",
        "--format",
        "csv");
    assertRefused(
        "benchlake: report --format csv: use text, md, html or json", "report", "--format", "csv");
    assertRefused(
        "benchlake: trend --format csv: use text, md, json or html",
        "trend",
        "--test",
        "T",
        "--threads",
        "2",
        "--format",
        "csv");
    assertRefused(
        "benchlake: regressions --format html: use text, md, csv or json",
        "regressions",
        "--baseline",
        "A",
        "--candidate",
        "B",
        "--format",
        "html");
    assertRefused(
        "benchlake: sql --format html: use table, csv, json or md",
        "sql",
        "select 1",
        "--format",
        "html");
    assertRefused(
        "benchlake: dlq --format html: use table, csv, json or md", "dlq", "--format", "html");
    assertRefused(
        "benchlake: alias list --format html: use table, csv, json or md",
        "alias",
        "list",
        "--format",
        "html");
    assertRefused(
        "benchlake: alerts list --format html: use table, csv, md or json",
        "alerts",
        "list",
        "--format",
        "html");
    assertRefused(
        "benchlake: alerts stats --format html: use table, csv, md or json",
        "alerts",
        "stats",
        "--format",
        "html");
    assertRefused(
        "benchlake: alerts show --format md: use text or json",
        "alerts",
        "show",
        "X",
        "--format",
        "md");
  }

  @Test
  void anUnknownFormatIsRefusedWithTheFormatsTheVerbOffers() {
    assertRefused(
        "benchlake: report --format pdf: use text, md, html or json", "report", "--format", "pdf");
  }

  @Test
  void helpListsTheFormatsOfferedAndTheDefault() {
    assertTrue(help("changes").contains("text, md or json (default: text)."), help("changes"));
    assertTrue(help("sql").contains("table, csv, json or md (default: table)."), help("sql"));
    assertTrue(
        help("alerts", "show").contains("text or json (default: text)."), help("alerts", "show"));
    assertTrue(help("export").contains("--out=FILE"), help("export"));
  }

  @Test
  void outWritesTheResultToTheFileAndNothingToStandardOutput() throws Exception {
    Path home = CliRunner.useFreshHome("format-options");
    Path file = home.resolve("answer.csv");
    CliRunner.Run r =
        CliRunner.run("sql", "select 42 as answer", "--format", "CSV", "--out", file.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals("", r.out());
    assertEquals("answer\n42\n", Files.readString(file, StandardCharsets.UTF_8));
    CliRunner.Run asText = CliRunner.run("sql", "select 42 as answer", "--format", "text");
    assertEquals(0, asText.exit(), asText.err());
    assertTrue(asText.out().contains("42"), "text reads as table: " + asText.out());
  }

  private static void assertRefused(String line, String... args) {
    CliRunner.Run r = CliRunner.run(args);
    assertEquals(2, r.exit(), String.join(" ", args) + ": " + r.err());
    assertEquals(line + System.lineSeparator(), r.err(), String.join(" ", args));
    assertEquals("", r.out());
  }

  private static String help(String... verb) {
    List<String> args = new ArrayList<>(List.of(verb));
    args.add("--help");
    CliRunner.Run r = CliRunner.run(args.toArray(String[]::new));
    assertEquals(0, r.exit(), r.err());
    return r.out();
  }
}
