package io.benchlake.cli;

import static io.benchlake.analytics.query.OutputFormat.CSV;
import static io.benchlake.analytics.query.OutputFormat.JSON;
import static io.benchlake.analytics.query.OutputFormat.MD;
import static io.benchlake.analytics.query.OutputFormat.TEXT;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.regress.RegressionQuery;
import io.benchlake.analytics.regress.RegressionsReport;
import io.benchlake.analytics.regress.Verdict;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** benchlake regressions: candidate vs baseline per test and thread count, with significance. */
@Command(
    name = "regressions",
    mixinStandardHelpOptions = true,
    description =
        "Compare a candidate dataset with a baseline: means, change, Welch's t-test, verdict.")
final class RegressionsCommand implements Callable<Integer> {
  private final BenchlakeHome home;

  RegressionsCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Option(names = "--baseline", required = true, description = "Baseline dataset label.")
  String baseline;

  @Option(names = "--candidate", required = true, description = "Candidate dataset label.")
  String candidate;

  @Option(names = "--test", description = "Only this test.")
  String test;

  @Option(
      names = "--metric",
      description = "Metric (default: TPS or NOPM, whichever the test has).")
  String metric;

  @Option(
      names = "--threshold",
      defaultValue = "3%",
      description = "Smallest change that counts (default: ${DEFAULT-VALUE}).")
  String threshold;

  @Option(
      names = "--alpha",
      defaultValue = "0.05",
      description = "Significance level (default: ${DEFAULT-VALUE}).")
  double alpha;

  @Option(names = "--fail-on-regression", description = "Exit 3 when any regression is found.")
  boolean failOnRegression;

  /** The formats it writes, its default first (a schedule's job checks its --format too). */
  static final OfferedFormats FORMATS = OfferedFormats.of(TEXT, MD, CSV, JSON);

  @Mixin FormatOptions formats = FormatOptions.of(FORMATS);

  @Override
  public Integer call() {
    OutputFormat f = formats.chosen();
    double limit = Percent.parse("--threshold", threshold);
    if (!(alpha > 0 && alpha < 1)) {
      throw new BadInputException("--alpha must be between 0 and 1, was " + alpha);
    }
    List<Verdict> verdicts;
    try (AnalyticsSession session = AnalyticsSession.openWithRuns(Warehouse.of(home))) {
      verdicts =
          RegressionQuery.run(
              session,
              baseline,
              candidate,
              Optional.ofNullable(test),
              Optional.ofNullable(metric),
              limit,
              alpha,
              notJudged -> System.err.println("Note: " + notJudged));
      LeftOutNote.print(RegressionQuery.leftOut(session, verdicts, baseline, candidate));
    }
    formats.write(RegressionsReport.render(verdicts, f));
    return failOnRegression && RegressionsReport.anyRegression(verdicts) ? 3 : 0;
  }
}
