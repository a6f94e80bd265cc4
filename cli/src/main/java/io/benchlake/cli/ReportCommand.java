package io.benchlake.cli;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.report.ComparisonQuery;
import io.benchlake.analytics.report.TextReport;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** benchlake report: the comparison report from the warehouse. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description =
        "Print the comparison report of a test across datasets (latest completed run of each).")
final class ReportCommand implements Callable<Integer> {
  @Option(
      names = "--test",
      description = "Test name, e.g. OLTP_RW (default: the test of the latest run).")
  String test;

  @Option(
      names = "--metric",
      defaultValue = "TPS",
      description = "Metric compared (default: ${DEFAULT-VALUE}).")
  String metric;

  @Option(
      names = "--datasets",
      split = ",",
      description = "Datasets to compare, in column order (default: all, as first seen).")
  List<String> datasets = new ArrayList<>();

  @Option(
      names = "--title",
      description = "Title lines (repeatable; default: METRIC by Thread Count ...).")
  List<String> title = new ArrayList<>();

  @Option(
      names = "--format",
      defaultValue = "text",
      description = "text (md, html and json come later).")
  String format;

  @Option(names = "--out", paramLabel = "FILE", description = "Write the report to FILE.")
  Path out;

  @Override
  public Integer call() {
    OutputFormat f = OutputFormat.parse(format);
    if (f != OutputFormat.TEXT && f != OutputFormat.TABLE) {
      throw new BadInputException("report --format " + format + " is not available yet: use text");
    }
    BenchlakeHome home = BenchlakeHome.fromEnvironment();
    try (AnalyticsSession session = AnalyticsSession.open(new Warehouse(home.warehouse()))) {
      Output.write(
          TextReport.render(
              ComparisonQuery.load(session, Optional.ofNullable(test), metric, datasets, title)),
          out);
    }
    return 0;
  }
}
