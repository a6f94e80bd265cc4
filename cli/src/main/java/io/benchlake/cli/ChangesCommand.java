package io.benchlake.cli;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.changes.ChangesQuery;
import io.benchlake.analytics.changes.ChangesReport;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.report.LeftOut;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** benchlake changes: change points in a test's history (E-divisive means, Student's t-test). */
@Command(
    name = "changes",
    mixinStandardHelpOptions = true,
    description =
        "Change points in the history of a test at a thread count, as Apache Otava finds them.")
final class ChangesCommand implements Callable<Integer> {
  @Mixin SeriesOptions series;

  @Option(
      names = "--by",
      defaultValue = "time",
      description = "time or release (default: ${DEFAULT-VALUE}).")
  String by;

  @Option(
      names = "--host",
      description = "Only runs on this host (required when there are several).")
  String host;

  @Option(
      names = "--alpha",
      defaultValue = "0.001",
      description = "Largest p-value of a change (default: ${DEFAULT-VALUE}, Otava's).")
  double alpha;

  @Option(names = "--format", defaultValue = "text", description = "text, md or json.")
  String format;

  @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE.")
  Path out;

  @Override
  public Integer call() {
    OutputFormat f = OutputFormat.parse(format);
    BenchlakeHome home = BenchlakeHome.fromEnvironment();
    try (AnalyticsSession session =
        AnalyticsSession.openWithRuns(new Warehouse(home.warehouse()))) {
      ChangesQuery.Result r =
          ChangesQuery.load(
              session,
              series.test,
              series.threads,
              series.metric,
              by,
              Optional.ofNullable(host),
              alpha);
      Output.write(
          switch (f) {
            case TEXT, TABLE -> ChangesReport.text(r);
            case MD -> ChangesReport.markdown(r);
            case JSON -> ChangesReport.json(r);
            default ->
                throw new BadInputException(
                    "changes --format " + format + ": use text, md or json");
          },
          out);
      LeftOutNote.print(LeftOut.ofTest(session.connection(), series.test, series.threads, null));
    }
    return 0;
  }
}
