package io.benchlake.cli;

import io.benchlake.alerts.AlertSettings;
import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.report.ComparisonQuery;
import io.benchlake.analytics.report.ComparisonReport;
import io.benchlake.analytics.report.HtmlReport;
import io.benchlake.analytics.report.ReportStability;
import io.benchlake.analytics.report.TextReport;
import io.benchlake.analytics.report.TimeSeries;
import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventPublisher;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.IngestService;
import io.benchlake.loadgen.LoadGenerator;
import io.benchlake.loadgen.plan.BenchmarkPlan;
import io.benchlake.warehouse.Warehouse;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The main job on the embedded default: a plan of one embedded dataset per MariaDB version, run by
 * the {@link LoadGenerator} as {@code benchlake run} runs one; then the events are ingested and the
 * report printed.
 */
final class DemoJob {
  private final BenchlakeHome home;
  private final PrintStream out;

  DemoJob(BenchlakeHome home, PrintStream out) {
    this.home = home;
    this.out = out;
  }

  /** The demo's knobs, checked before anything starts. */
  record Options(
      List<String> versions,
      List<Integer> threads,
      int iterations,
      double durationS,
      double warmupS,
      int tables,
      long tableSize) {
    Options {
      if (versions.isEmpty()) {
        throw new BadInputException("--versions needs at least one version");
      }
      if (new java.util.HashSet<>(versions).size() != versions.size()) {
        throw new BadInputException("--versions lists a version twice: " + versions);
      }
    }
  }

  void run(Options o, BusOptions busOptions) throws Exception {
    long began = System.nanoTime();
    BenchmarkPlan plan = plan(o);
    LoadGenerator.check(plan); // an unknown version fails before anything starts
    List<String> datasets = new ArrayList<>();
    try (EventBus bus = busOptions.connect(home)) {
      out.printf(
          "Event log: Kafka at %s (%s)%n",
          bus.bootstrap(), bus.hostsBroker() ? "embedded, hosted by this process" : "shared");
      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        new LoadGenerator(home, publisher::publish, publisher::flush, out, true)
            .run(plan, Optional.empty())
            .forEach(published -> datasets.add(published.dataset()));
      }
      out.println();
      out.println("Ingesting the event log into the warehouse (Flink)...");
      Warehouse warehouse = Warehouse.of(home);
      IngestService.Result result = new IngestService(2).ingest(bus.bootstrap(), warehouse);
      CachedHistories.refreshAfter(result, home, warehouse);
      out.printf(
          "Ingest %d read %d events%s.%n",
          result.seq(),
          result.eventsRead(),
          result.refused().isEmpty() ? "" : ", refused " + result.refused().size());
    }
    String report;
    String html;
    try (AnalyticsSession session = AnalyticsSession.open(Warehouse.of(home))) {
      ComparisonReport comparison =
          ComparisonQuery.load(
              session,
              Optional.of("OLTP_RW"),
              "TPS",
              datasets,
              List.of(
                  "TPS by Thread Count",
                  "TPS by Thread Count - OLTP_RW",
                  "benchlake demo: embedded "
                      + String.join(" vs ", o.versions())
                      + ", oltp_read_write"));
      comparison =
          comparison.withStability(
              ReportStability.load(session, comparison, AlertSettings.of(home.root()).stability()));
      report = TextReport.render(comparison);
      int top = comparison.threads().get(comparison.threads().size() - 1);
      html =
          HtmlReport.render(comparison, Optional.of(TimeSeries.load(session, comparison, top, 1)));
    }
    out.println();
    out.print(report);
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path saved = save("demo-" + stamp + ".txt", report);
    Path savedHtml = save("demo-" + stamp + ".html", html);
    out.printf(
        Locale.ROOT,
        "%nReport written to %s and %s; demo took %.0f s.%n"
            + "Browse it: bin/benchlake dashboard (then open the URL it prints).%n",
        saved,
        savedHtml,
        (System.nanoTime() - began) / 1e9);
  }

  /** One embedded dataset per version, each prepared and run over the demo's ladder. */
  private static BenchmarkPlan plan(Options o) {
    try {
      return LoadGenerator.embeddedReadWrite(
          "OLTP_RW",
          "demo",
          o.versions(),
          o.tables(),
          o.tableSize(),
          o.threads(),
          o.iterations(),
          o.durationS(),
          o.warmupS());
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage());
    }
  }

  private Path save(String name, String text) throws IOException {
    Path dir = home.root().resolve("reports");
    Files.createDirectories(dir);
    Path file = dir.resolve(name);
    Files.writeString(file, text);
    return file;
  }
}
