package io.benchlake.cli;

import static io.benchlake.analytics.query.OutputFormat.HTML;
import static io.benchlake.analytics.query.OutputFormat.JSON;
import static io.benchlake.analytics.query.OutputFormat.MD;
import static io.benchlake.analytics.query.OutputFormat.TEXT;

import io.benchlake.alerts.AlertSettings;
import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.report.ComparisonQuery;
import io.benchlake.analytics.report.ComparisonReport;
import io.benchlake.analytics.report.HtmlReport;
import io.benchlake.analytics.report.JsonReport;
import io.benchlake.analytics.report.MarkdownReport;
import io.benchlake.analytics.report.ReportStability;
import io.benchlake.analytics.report.TextReport;
import io.benchlake.analytics.report.TimeSeries;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** benchlake report: the comparison report from the warehouse. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description =
        "Print the comparison report of a test across datasets (latest completed run of each).")
final class ReportCommand implements Callable<Integer> {
  private final BenchlakeHome home;

  ReportCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Option(names = "--test", description = "Test name, e.g. OLTP_RW (default: the latest run's).")
  String test;

  @Option(
      names = "--metric",
      defaultValue = "TPS",
      description =
          "Metric compared: TPS, NOPM, TPM, latency_p95_ms, <TXN>_ratio, ... (default: ${DEFAULT-VALUE}).")
  String metric;

  @Option(
      names = "--datasets",
      split = ",",
      description = "Datasets to compare, in column order (default: all, as first seen).")
  List<String> datasets = new ArrayList<>();

  @Option(names = "--baseline", description = "A dataset to show every other's change from, in %%.")
  String baseline;

  @Option(names = "--title", description = "Title lines (repeatable).")
  List<String> title = new ArrayList<>();

  /** The formats it writes, its default first (a schedule's job checks its --format too). */
  static final OfferedFormats FORMATS = OfferedFormats.of(TEXT, MD, HTML, JSON);

  @Mixin FormatOptions formats = FormatOptions.of(FORMATS);

  @Option(
      names = "--series-threads",
      description = "html: the thread count of the per-second chart (default: the highest).")
  Integer seriesThreads;

  @Option(
      names = "--series-iteration",
      defaultValue = "1",
      description = "html: the iteration of the per-second chart (default: ${DEFAULT-VALUE}).")
  int seriesIteration;

  @Override
  public Integer call() {
    OutputFormat f = formats.chosen();
    try (AnalyticsSession session = AnalyticsSession.openWithRuns(Warehouse.of(home))) {
      ComparisonReport report =
          ComparisonQuery.load(
              session,
              Optional.ofNullable(test),
              metric,
              datasets,
              title,
              Optional.ofNullable(baseline));
      report =
          report.withStability(
              ReportStability.load(session, report, AlertSettings.of(home.root()).stability()));
      String text =
          switch (f) {
            case MD -> MarkdownReport.render(report);
            case JSON -> JsonReport.render(report);
            case HTML -> {
              int threads =
                  seriesThreads != null
                      ? seriesThreads
                      : report.threads().get(report.threads().size() - 1);
              if (!report.threads().contains(threads)) {
                throw new BadInputException(
                    "--series-threads "
                        + threads
                        + " is not in the report (known: "
                        + report.threads()
                        + ")");
              }
              yield HtmlReport.render(
                  report, Optional.of(TimeSeries.load(session, report, threads, seriesIteration)));
            }
            default -> TextReport.render(report);
          };
      formats.write(text);
    }
    return 0;
  }
}
