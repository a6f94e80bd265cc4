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
  /** A verb, the rest of its command line, the format it does not offer, and what it offers. */
  private static final List<List<String>> REFUSED =
      List.of(
          List.of("changes", "--test T --threads 2", "csv", "text, md or json"),
          List.of("report", "--test T", "csv", "text, md, html or json"),
          List.of("trend", "--test T --threads 2", "csv", "text, md, json or html"),
          List.of("regressions", "--baseline A --candidate B", "html", "text, md, csv or json"),
          List.of("sql", "select", "html", "table, csv, json or md"),
          List.of("dlq", "--note n", "html", "table, csv, json or md"),
          List.of("alias list", "", "html", "table, csv, json or md"),
          List.of("alerts list", "--summaries", "html", "table, csv, md or json"),
          List.of("alerts stats", "", "html", "table, csv, md or json"),
          List.of("alerts show", "X", "md", "text or json"));

  @Test
  void aFormatTheVerbDoesNotOfferIsRefusedInOneLineBeforeAnythingIsRead() {
    for (List<String> r : REFUSED) {
      assertRefused(
          "benchlake: " + r.get(0) + " --format " + r.get(2) + ": use " + r.get(3),
          (r.get(0) + " " + r.get(1) + " --format " + r.get(2)).split(" +"));
    }
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
