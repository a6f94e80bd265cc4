package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.home.BadInputException;
import io.benchlake.home.YamlFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScheduleFileTest {
  private static final String SCHEDULE =
      """
      output: /srv/reports
      jobs:
        - name: nightly
          cron: "0 6 * * *"
          verb: report
          args: [--test, OLTP_RW, --format, html]
        - name: weekly
          cron: "30 6 * * 1"
          verb: regressions
          args: [--baseline, A, --candidate, B]
      """;

  private static ScheduleFile parse(String text) {
    return YamlFile.parse(text, "s.yaml", ScheduleFile.class, "schedule");
  }

  @Test
  void jobsAreDueAtTheirCronTimesAndTheEarliestComeTogether() {
    ScheduleFile s = parse(SCHEDULE);
    assertEquals("UTC", s.timeZone());
    ZonedDateTime sunday = ZonedDateTime.of(2026, 12, 6, 7, 0, 0, 0, ZoneId.of("UTC"));
    ScheduledJobs jobs = new ScheduledJobs(s, null, null);
    ScheduledJobs.Due due = jobs.nextDue(sunday);
    assertEquals(sunday.plusHours(23), due.at(), "Monday 06:00");
    assertEquals(List.of("nightly"), due.names());
    assertEquals(List.of("weekly"), jobs.nextDue(due.at()).names(), "Monday 06:30");
    assertEquals("html", s.job("nightly").extension());
    assertEquals("txt", s.job("weekly").extension());
  }

  @Test
  void aJobMayVerifyTheWarehouse() {
    ScheduleFile s =
        parse(
            SCHEDULE
                .replace("verb: regressions", "verb: verify")
                .replace("[--baseline, A, --candidate, B]", "[]"));
    assertEquals("verify", s.job("weekly").verb());
  }

  @Test
  void mistakesNameTheFileTheLineAndWhatWasExpected() {
    BadInputException cron =
        assertThrows(
            BadInputException.class,
            () -> parse(SCHEDULE.replace("\"0 6 * * *\"", "\"0 25 * * *\"")));
    assertTrue(cron.getMessage().startsWith("s.yaml:"), cron.getMessage());
    assertTrue(
        cron.getMessage().contains("job nightly: '0 25 * * *' is not a cron expression"),
        cron.getMessage());
    BadInputException verb =
        assertThrows(
            BadInputException.class, () -> parse(SCHEDULE.replace("verb: report", "verb: demo")));
    assertTrue(
        verb.getMessage()
            .contains(
                "verb must be one of [report, regressions, trend, changes, sql, verify, alerts]"),
        verb.getMessage());
    BadInputException typo =
        assertThrows(BadInputException.class, () -> parse(SCHEDULE.replace("output:", "ouptut:")));
    assertEquals(
        "s.yaml:1: unknown key 'ouptut' (known: jobs, notify, output, time-zone)",
        typo.getMessage());
    BadInputException out =
        assertThrows(
            BadInputException.class,
            () -> parse(SCHEDULE.replace("[--baseline, A,", "[--out, x, --baseline, A,")));
    assertTrue(
        out.getMessage().contains("no --out, the schedule names the output file"),
        out.getMessage());
    assertThrows(BadInputException.class, () -> parse(SCHEDULE).job("hourly"));
  }

  @Test
  void anAlertsJobAndItsReceiverAreReadAndTheReceiverIsNeverPrintedWhole() {
    ScheduleFile s =
        parse(
            SCHEDULE
                + "  - {name: news, cron: \"*/30 * * * *\", verb: alerts, args: [--format, md]}\n"
                + "notify: {webhook: \"https://hooks.example.com/T0/B0/XYZ\", token: tok9}\n");
    assertEquals("alerts", s.job("news").verb());
    assertEquals("md", s.job("news").extension());
    assertEquals("webhook https://hooks.example.com/…", s.receiver().receiver());
    assertTrue(!s.toString().contains("XYZ") && !s.toString().contains("tok9"), s.toString());
    BadInputException args =
        assertThrows(
            BadInputException.class,
            () ->
                parse(
                    SCHEDULE
                        + "  - {name: news, cron: \"0 * * * *\", verb: alerts, args: [--kind, x]}\n"));
    assertTrue(args.getMessage().contains("an alerts job takes only --format"), args.getMessage());
    BadInputException url =
        assertThrows(
            BadInputException.class, () -> parse(SCHEDULE + "notify: {webhook: \"ftp://x/y\"}\n"));
    assertTrue(url.getMessage().contains("http or https URL"), url.getMessage());
  }

  @Test
  void aJobsFormatIsOneItsVerbOffersAndNamesTheOutputFile() {
    ScheduleFile s =
        parse(
            SCHEDULE
                + "  - {name: c, cron: \"0 7 * * *\", verb: changes, args: [--format=JSON]}\n"
                + "  - {name: q, cron: \"0 8 * * *\", verb: sql, args: [select 1, --format, text]}\n"
                + "  - {name: v, cron: \"0 9 * * *\", verb: verify, args: []}\n"
                + "  - {name: a, cron: \"0 9 * * *\", verb: alerts, args: []}\n");
    assertEquals(OutputFormat.HTML, s.job("nightly").format());
    assertEquals(OutputFormat.TEXT, s.job("weekly").format(), "regressions' default");
    assertEquals(OutputFormat.JSON, s.job("c").format());
    assertEquals("json", s.job("c").extension());
    assertEquals(OutputFormat.TABLE, s.job("q").format(), "text reads as sql's table");
    assertEquals("txt", s.job("q").extension());
    assertEquals("txt", s.job("v").extension());
    assertEquals(OutputFormat.TABLE, s.job("a").format());
  }

  @Test
  void aFormatTheJobsVerbDoesNotOfferIsRefusedWithTheFileTheJobsLineAndTheFormatsOffered() {
    assertEquals(
        "s.yaml:3: job nightly: report --format pdf: use text, md, html or json (at jobs[0])",
        assertThrows(BadInputException.class, () -> parse(SCHEDULE.replace("html]", "pdf]")))
            .getMessage());
    String alerts =
        SCHEDULE + "  - {name: news, cron: \"0 * * * *\", verb: alerts, args: [--format, html]}\n";
    assertEquals(
        "s.yaml:11: job news: alerts --format html: use table, csv, md or json (at jobs[2])",
        assertThrows(BadInputException.class, () -> parse(alerts)).getMessage());
    String verify =
        SCHEDULE + "  - {name: v, cron: \"0 * * * *\", verb: verify, args: [--format, md]}\n";
    assertEquals(
        "s.yaml:11: job v: verify --format md: it takes no --format (it writes text) (at jobs[2])",
        assertThrows(BadInputException.class, () -> parse(verify)).getMessage());
    assertEquals(
        "s.yaml:3: job nightly: --format needs a value: use text, md, html or json (at jobs[0])",
        assertThrows(
                BadInputException.class,
                () -> parse(SCHEDULE.replace(", --format, html]", ", --format]")))
            .getMessage());
  }

  @Test
  void aScheduleWithABadFormatStopsInOneLineWithExit2BeforeAnythingRuns(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("nightly.yaml");
    Files.writeString(file, SCHEDULE.replace("html]", "xml]"), StandardCharsets.UTF_8);
    CliRunner.useFreshHome("schedule-format");
    CliRunner.Run r = CliRunner.run("schedule", file.toString(), "--now");
    assertEquals(2, r.exit(), r.err());
    assertEquals(
        "benchlake: "
            + file
            + ":3: job nightly: report --format xml: use text, md, html or json (at jobs[0])"
            + System.lineSeparator(),
        r.err());
  }
}
