package io.benchlake.cli;

import static io.benchlake.analytics.query.OutputFormat.JSON;
import static io.benchlake.analytics.query.OutputFormat.MD;
import static io.benchlake.analytics.query.OutputFormat.TEXT;

import io.benchlake.analytics.changes.ChangesQuery;
import io.benchlake.analytics.changes.ChangesReport;
import io.benchlake.analytics.changes.HistoryCache;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.changepoints.Method;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * benchlake changes: change points in a test's history, by default with the segments detector
 * (steps with evidence, trends, outliers), or as Apache Otava finds them (--method otava).
 */
@Command(
    name = "changes",
    mixinStandardHelpOptions = true,
    description =
        "Change points in the history of a test at a thread count: steps with their evidence,"
            + " trends and outliers (--method segments, the default), or as Apache Otava finds"
            + " them (--method otava).")
final class ChangesCommand implements Callable<Integer> {
  private final BenchlakeHome home;

  ChangesCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Mixin SeriesOptions series;

  @Option(
      names = "--by",
      defaultValue = "time",
      description = "time or release (default: ${DEFAULT-VALUE}).")
  String by;

  @Option(
      names = {"--testbed", "--host"},
      paramLabel = "NAME",
      description =
          "Only runs on this testbed, or one of its config series as `trend` names them"
              + " (required when there are several; --host is its old name).")
  String host;

  @Option(
      names = "--method",
      defaultValue = "segments",
      description = "segments or otava (default: ${DEFAULT-VALUE}).")
  String method;

  @Option(
      names = "--alpha",
      description = "Largest p-value of a change (default: 0.0001 for segments, 0.001 for otava).")
  Double alpha;

  @Option(
      names = "--min-change",
      defaultValue = "2%",
      description = "Smallest step reported, segments only (default: ${DEFAULT-VALUE}).")
  String minChange;

  /** The formats it writes, its default first (a schedule's job checks its --format too). */
  static final OfferedFormats FORMATS = OfferedFormats.of(TEXT, MD, JSON);

  @Mixin FormatOptions formats = FormatOptions.of(FORMATS);

  @Override
  public Integer call() {
    OutputFormat f = formats.chosen();
    Method m = Method.parse(method);
    double a = alpha == null ? m.defaultAlpha() : alpha;
    if (!(a > 0 && a < 1)) {
      throw new BadInputException("--alpha must be between 0 and 1, was " + alpha);
    }
    ChangesQuery.Options options =
        new ChangesQuery.Options(m, a, Percent.parse("--min-change", minChange));
    ChangesQuery.Series wanted =
        new ChangesQuery.Series(
            series.test, series.threads, series.metric, by, Optional.ofNullable(host));
    StepClock clock = StepClock.start();
    ChangesQuery.History history =
        ChangesQuery.history(Warehouse.of(home), wanted, HistoryCache.in(home));
    clock.lap("history read");
    ChangesQuery.Result r = ChangesQuery.analyse(wanted, history, options);
    clock.lap("detector");
    formats.write(
        switch (f) {
          case MD -> ChangesReport.markdown(r);
          case JSON -> ChangesReport.json(r);
          default -> ChangesReport.text(r);
        });
    LeftOutNote.print(history.leftOut());
    clock.lap("report written");
    return 0;
  }
}
