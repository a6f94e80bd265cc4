package io.benchlake.cli;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.report.LeftOut;
import io.benchlake.analytics.trend.Trend;
import io.benchlake.analytics.trend.TrendQuery;
import io.benchlake.analytics.trend.TrendReport;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** benchlake trend: a metric of one test at one thread count by month or by release. */
@Command(
    name = "trend",
    mixinStandardHelpOptions = true,
    description =
        "A metric over months (per host and config) or over releases (ordered as releases).")
final class TrendCommand implements Callable<Integer> {
  @Mixin SeriesOptions series;

  @Option(
      names = "--by",
      defaultValue = "month",
      description = "month or release (default: ${DEFAULT-VALUE}).")
  String by;

  @Option(names = "--format", defaultValue = "text", description = "text, md, json or html.")
  String format;

  @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE.")
  Path out;

  @Override
  public Integer call() {
    OutputFormat f = OutputFormat.parse(format);
    BenchlakeHome home = BenchlakeHome.fromEnvironment();
    try (AnalyticsSession session =
        AnalyticsSession.openWithRuns(new Warehouse(home.warehouse()))) {
      Trend trend = TrendQuery.load(session, series.test, series.threads, series.metric, by);
      Output.write(
          switch (f) {
            case TEXT, TABLE -> TrendReport.text(trend);
            case MD -> TrendReport.markdown(trend);
            case JSON -> TrendReport.json(trend);
            case HTML -> TrendReport.html(trend);
            case CSV ->
                throw new BadInputException("trend --format csv: use text, md, json or html");
          },
          out);
      LeftOutNote.print(LeftOut.ofTest(session, series.test, series.threads, null));
    }
    return 0;
  }
}
