package io.benchlake.importers.taf;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportedRun;
import io.benchlake.importers.ImportedTestbed;
import io.benchlake.importers.SourceFile;
import io.benchlake.importers.TimeBounds;
import io.benchlake.schemas.DatabaseFacts;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.HostFacts;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.PrintedStatistic;
import io.benchlake.schemas.Property;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.RunParameters;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns a TAF comparison report into one run per dataset: its environment from System and Database
 * Info, its parameters and properties from Test Info, and one iteration_finished per thread count
 * and iteration carrying the report's metric.
 */
public final class TafReportImporter {
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-M-d H:mm:ss", Locale.ROOT);

  private TafReportImporter() {}

  /** The runs of {@code report}, each on the testbed its System Info names. */
  public static ImportBatch toEvents(
      TafReport report, Optional<Instant> startedAtFlag, Optional<String> testFlag) {
    return toEvents(report, startedAtFlag, testFlag, Optional.empty());
  }

  /** The runs of {@code report}, each on the testbed given, else the one its System Info names. */
  public static ImportBatch toEvents(
      TafReport report,
      Optional<Instant> startedAtFlag,
      Optional<String> testFlag,
      Optional<String> testbedFlag) {
    List<Event> events = new ArrayList<>();
    Set<String> tests = new LinkedHashSet<>();
    for (String dataset : report.datasets()) {
      Map<String, String> test = report.testInfo().getOrDefault(dataset, Map.of());
      Map<String, String> system = report.systemInfo().getOrDefault(dataset, Map.of());
      Map<String, String> db = report.databaseInfo().getOrDefault(dataset, Map.of());
      String testName = testFlag.orElseGet(() -> testName(report, test));
      Instant startedAt = startedAtFlag.orElseGet(() -> timestamp(report, test.get("Timestamp")));
      String host = system.get("Host");
      String testbed =
          ImportedTestbed.of(testbedFlag, host, system.get("CPU"), system.get("CPU Count"));
      RunContext run = RunContext.imported(dataset, testName, startedAt, host);
      String suite = test.getOrDefault("Test Suite", "unknown");
      boolean minutes = suite.toLowerCase(Locale.ROOT).matches(".*(tprocc|hammerdb|tpcc).*");
      Double duration = decimal(test.get("Duration"));
      List<Property> properties =
          test.entrySet().stream().map(e -> new Property(e.getKey(), e.getValue())).toList();
      events.add(
          run.event("run_started")
              .runStarted(
                  dataset,
                  suite,
                  testName,
                  test.get("Test Case Tag"),
                  "import:taf-report",
                  new RunParameters(
                      null,
                      integer(test.get("Number of tables")),
                      longValue(test.get("Number of rows")),
                      integer(test.get("Number of warehouses")),
                      duration == null ? null : (minutes ? duration * 60 : duration),
                      minutes ? "min" : "s",
                      integer(test.get("Iterations")),
                      List.copyOf(report.iterations().keySet()),
                      null,
                      null,
                      null),
                  properties,
                  testbed));
      events.add(
          run.event("environment")
              .environment(
                  new HostFacts(
                      host,
                      system.get("CPU"),
                      integer(system.get("CPU Count")),
                      integer(system.get("Core Count")),
                      integer(system.get("Socket Count")),
                      ram(system.get("RAM")),
                      system.get("OS"),
                      system.get("OS Version"),
                      system.get("OS Kernel"),
                      system.get("Disk"),
                      null),
                  new DatabaseFacts(
                      db.get("Database Maker"),
                      db.get("Database Version"),
                      db.get("Engine"),
                      db.get("Install Dir"),
                      db.get("DB Config Origin"),
                      db.getOrDefault("DB Config Source File", db.get("Config File")),
                      db.get("DB Generated Config Run File"),
                      db.get("Config Contents"),
                      Map.of())));
      report
          .iterations()
          .forEach(
              (threads, perDataset) ->
                  perDataset
                      .getOrDefault(dataset, new TreeMap<>())
                      .forEach(
                          (iteration, value) ->
                              events.add(iteration(report, run, threads, iteration, value))));
      List<PrintedStatistic> printed = new ArrayList<>();
      report.printed().values().forEach(p -> printed.addAll(p.getOrDefault(dataset, List.of())));
      if (!printed.isEmpty()) {
        events.add(
            run.event("source_statistics", report.metric())
                .sourceStatistics(report.metric(), "taf-report", report.title(), printed));
      }
      tests.add(testName);
      events.add(ImportedRun.finished(run, null));
    }
    return new ImportBatch(List.of(report.file().name()), events, summary(report, tests));
  }

  /**
   * What was stored, in one line: the title, the metric and the test name(s) the runs were stored
   * under, the datasets and thread counts.
   */
  private static String summary(TafReport report, Set<String> tests) {
    String title = String.join(" / ", report.title());
    return String.format(
        "%s:%s %s of %s, %d dataset(s), threads %s",
        report.file().name(),
        title.isEmpty() ? "" : " \"" + title + "\":",
        report.metric(),
        String.join(", ", tests),
        report.datasets().size(),
        report.iterations().keySet());
  }

  private static IterationFinished iteration(
      TafReport report, RunContext run, int threads, int iteration, double value) {
    return run.event(
            "iteration", String.valueOf(threads), String.valueOf(iteration), report.metric())
        .iterationFinished(
            threads,
            iteration,
            IterationFinished.Status.completed,
            null,
            List.of(new IterationValue(report.metric(), value, "", "taf-report")),
            List.of(),
            null,
            null);
  }

  /**
   * The dataset's Test Name, else the test of a title line in TAF's own form "METRIC by Thread
   * Count - TEST". Any other title line is free text ("MDEV-39364 - deeper look" names no test), so
   * a report with neither must be told which test it holds.
   */
  private static String testName(TafReport report, Map<String, String> testInfo) {
    String name = testInfo.get("Test Name");
    if (name != null && !name.isBlank()) {
      return name.trim();
    }
    String prefix = report.metric() + " by Thread Count - ";
    return report.title().stream()
        .filter(l -> l.startsWith(prefix) && l.substring(prefix.length()).trim().matches("\\S+"))
        .map(l -> l.substring(prefix.length()).trim())
        .findFirst()
        .orElseThrow(
            () ->
                new BadInputException(
                    report.file().name()
                        + ": the report names no test (no 'Test Name' in Test Info, no title line '"
                        + prefix
                        + "TEST'): give --test NAME"));
  }

  private static Instant timestamp(TafReport report, String text) {
    SourceFile f = report.file();
    if (text == null) {
      TimeBounds.problem("the file's modification time", f.modified())
          .ifPresent(
              p -> {
                throw new BadInputException(
                    f.name() + ": " + p + " (the report has no Timestamp): give --started-at");
              });
      return f.modified();
    }
    Instant at;
    try {
      at = LocalDateTime.parse(text.trim(), TIMESTAMP).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw new BadInputException(f.name() + ": Timestamp '" + text + "' is not yyyy-M-d H:mm:ss");
    }
    Optional<String> problem = TimeBounds.problem("Timestamp", at);
    if (problem.isPresent()) {
      int line = 0;
      while (line < f.lines().size() - 1 && !f.lines().get(line).startsWith("Timestamp\t")) {
        line++;
      }
      throw f.error(line, problem.get());
    }
    return at;
  }

  private static Long ram(String text) {
    if (text == null) {
      return null;
    }
    String t = text.trim().toUpperCase(Locale.ROOT);
    double factor =
        t.endsWith("TB") ? 1L << 40 : t.endsWith("GB") ? 1L << 30 : t.endsWith("MB") ? 1L << 20 : 1;
    Double number = decimal(t.replaceAll("[A-Z ]+$", ""));
    return number == null ? null : Math.round(number * factor);
  }

  private static Double decimal(String text) {
    if (text == null) {
      return null;
    }
    try {
      return Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Integer integer(String text) {
    Double d = decimal(text);
    return d == null ? null : (int) Math.round(d);
  }

  private static Long longValue(String text) {
    Double d = decimal(text);
    return d == null ? null : Math.round(d);
  }
}
