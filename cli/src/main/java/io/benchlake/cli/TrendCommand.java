package io.benchlake.cli;

import static io.benchlake.analytics.query.OutputFormat.HTML;
import static io.benchlake.analytics.query.OutputFormat.JSON;
import static io.benchlake.analytics.query.OutputFormat.MD;
import static io.benchlake.analytics.query.OutputFormat.TEXT;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.report.LeftOut;
import io.benchlake.analytics.trend.Trend;
import io.benchlake.analytics.trend.TrendQuery;
import io.benchlake.analytics.trend.TrendReport;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
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
  private final BenchlakeHome home;

  TrendCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Mixin SeriesOptions series;

  @Option(
      names = "--by",
      defaultValue = "month",
      description = "month or release (default: ${DEFAULT-VALUE}).")
  String by;

  /** The formats it writes, its default first (a schedule's job checks its --format too). */
  static final OfferedFormats FORMATS = OfferedFormats.of(TEXT, MD, JSON, HTML);

  @Mixin FormatOptions formats = FormatOptions.of(FORMATS);

  @Override
  public Integer call() {
    OutputFormat f = formats.chosen();
    try (AnalyticsSession session = AnalyticsSession.openWithRuns(Warehouse.of(home))) {
      Trend trend = TrendQuery.load(session, series.test, series.threads, series.metric, by);
      formats.write(
          switch (f) {
            case MD -> TrendReport.markdown(trend);
            case JSON -> TrendReport.json(trend);
            case HTML -> TrendReport.html(trend);
            default -> TrendReport.text(trend);
          });
      LeftOutNote.print(LeftOut.ofTest(session, series.test, series.threads, null));
    }
    return 0;
  }
}
