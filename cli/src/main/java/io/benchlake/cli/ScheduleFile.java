package io.benchlake.cli;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.home.BadInputException;
import io.benchlake.home.YamlFile;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A schedule: report and regression jobs, each on a Unix cron expression (minute hour day month
 * weekday, in the time zone named or UTC), writing into {@code output} (default {@code
 * $BENCHLAKE_HOME/scheduled}) under a directory dated with the run's time.
 *
 * <pre>
 * output: /srv/bench/reports
 * time-zone: Europe/Helsinki
 * jobs:
 *   - {name: nightly-oltp, cron: "0 6 * * *", verb: report, args: [--test, OLTP_RW, --format, html]}
 *   - {name: weekly-regressions, cron: "30 6 * * 1", verb: regressions,
 *      args: [--baseline, "11.8", --candidate, "12.3", --format, md]}
 *   - {name: new-alerts, cron: "15 * * * *", verb: alerts, args: [--format, md]}
 * notify: {webhook: "https://hooks.example.com/T000/B000/XXXX", token: "..."}
 * </pre>
 *
 * <p>An {@code alerts} job writes the alerts raised or changed since its last run and sends a
 * message to {@code notify} (a webhook or a command) when any is new ({@link AlertsJob}).
 */
public record ScheduleFile(
    String output,
    String timeZone,
    List<Job> jobs,
    @JsonProperty("notify") io.benchlake.alerts.NotifySettings receiver) {
  /** The verbs a schedule may run: those that print results, and the alerts job. */
  static final List<String> VERBS =
      List.of("report", "regressions", "trend", "changes", "sql", "verify", "alerts");

  /** The formats a job of {@code verb} may write, its default first; none for verify's text. */
  static Optional<OfferedFormats> formatsOf(String verb) {
    return Optional.ofNullable(
        switch (verb) {
          case "report" -> ReportCommand.FORMATS;
          case "regressions" -> RegressionsCommand.FORMATS;
          case "trend" -> TrendCommand.FORMATS;
          case "changes" -> ChangesCommand.FORMATS;
          case "sql" -> SqlCommand.FORMATS;
          case "alerts" -> AlertsCommand.TABLES;
          default -> null;
        });
  }

  private static final CronParser CRON =
      new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));

  public ScheduleFile {
    if (jobs == null || jobs.isEmpty()) {
      throw new IllegalArgumentException("a schedule needs at least one job under 'jobs'");
    }
    Set<String> names = new HashSet<>();
    for (Job job : jobs) {
      if (!names.add(job.name())) {
        throw new IllegalArgumentException("two jobs are named '" + job.name() + "'");
      }
    }
    jobs = List.copyOf(jobs);
    timeZone = timeZone == null ? "UTC" : timeZone;
    try {
      java.time.ZoneId.of(timeZone);
    } catch (java.time.DateTimeException e) {
      throw new IllegalArgumentException("unknown time-zone '" + timeZone + "'");
    }
  }

  /** One job: a verb and its arguments, on a cron expression. */
  public record Job(String name, String cron, String verb, List<String> args) {
    public Job {
      if (name == null || !name.matches("[A-Za-z0-9_.-]+")) {
        throw new IllegalArgumentException(
            "a job needs a name of letters, digits, '.', '_' or '-', was '" + name + "'");
      }
      if (!VERBS.contains(verb)) {
        throw new IllegalArgumentException(
            "job " + name + ": verb must be one of " + VERBS + ", was '" + verb + "'");
      }
      args = args == null ? List.of() : List.copyOf(args);
      if (verb.equals("alerts") && !JobFormat.withoutFormat(args).isEmpty()) {
        throw new IllegalArgumentException(
            "job "
                + name
                + ": an alerts job takes only --format "
                + AlertsCommand.TABLES.listed()
                + ", was "
                + args);
      }
      if (args.stream().anyMatch(a -> a.equals("--out") || a.startsWith("--out="))) {
        throw new IllegalArgumentException(
            "job " + name + ": no --out, the schedule names the output file");
      }
      JobFormat.of(name, verb, args);
      executionTime(name, cron);
    }

    /** The format the job writes: its --format, else its verb's default (checked when read). */
    public OutputFormat format() {
      return JobFormat.of(name, verb, args);
    }

    /** The next time the job is due strictly after {@code after}. */
    public Optional<ZonedDateTime> nextAfter(ZonedDateTime after) {
      return executionTime(name, cron).nextExecution(after);
    }

    /** The output file's extension: the format's name, txt for text and table. */
    public String extension() {
      return switch (format()) {
        case TEXT, TABLE -> "txt";
        default -> OfferedFormats.name(format());
      };
    }

    private static ExecutionTime executionTime(String name, String cron) {
      if (cron == null || cron.isBlank()) {
        throw new IllegalArgumentException("job " + name + ": a cron expression is required");
      }
      try {
        return ExecutionTime.forCron(CRON.parse(cron));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "job "
                + name
                + ": '"
                + cron
                + "' is not a cron expression (minute hour day-of-month month day-of-week): "
                + e.getMessage());
      }
    }
  }

  public static ScheduleFile read(Path file) {
    return YamlFile.parse(
        YamlFile.text(file, "schedule"), file.toString(), ScheduleFile.class, "schedule");
  }

  /** The job of a name; a user mistake naming the jobs there are. */
  public Job job(String name) {
    return jobs.stream()
        .filter(j -> j.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new BadInputException(
                    "no job '"
                        + name
                        + "' in the schedule (jobs: "
                        + String.join(", ", jobs.stream().map(Job::name).toList())
                        + ")"));
  }
}
