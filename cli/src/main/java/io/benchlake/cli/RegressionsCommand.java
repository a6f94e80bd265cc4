package io.benchlake.cli;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryResult;
import io.benchlake.analytics.query.NumberText;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.query.ResultFormatter;
import io.benchlake.analytics.regress.RegressionQuery;
import io.benchlake.analytics.regress.Verdict;
import io.benchlake.analytics.report.LeftOut;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** benchlake regressions: candidate vs baseline per test and thread count, with significance. */
@Command(
    name = "regressions",
    mixinStandardHelpOptions = true,
    description =
        "Compare a candidate dataset with a baseline: means, change, Welch's t-test, verdict.")
final class RegressionsCommand implements Callable<Integer> {
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

  @Option(
      names = "--format",
      defaultValue = "text",
      description = "text, md, csv or json (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(names = "--out", paramLabel = "FILE", description = "Write the result to FILE.")
  Path out;

  @Override
  public Integer call() {
    OutputFormat f = OutputFormat.parse(format);
    double limit = parseThreshold(threshold);
    if (!(alpha > 0 && alpha < 1)) {
      throw new BadInputException("--alpha must be between 0 and 1, was " + alpha);
    }
    List<Verdict> verdicts;
    try (AnalyticsSession session =
        AnalyticsSession.openWithRuns(new Warehouse(BenchlakeHome.fromEnvironment().warehouse()))) {
      verdicts =
          RegressionQuery.run(
              session,
              baseline,
              candidate,
              Optional.ofNullable(test),
              Optional.ofNullable(metric),
              limit,
              alpha);
      List<LeftOut> leftOut = new ArrayList<>();
      for (String t : verdicts.stream().map(Verdict::test).distinct().toList()) {
        leftOut.addAll(LeftOut.ofTest(session.connection(), t, null, List.of(baseline, candidate)));
      }
      LeftOutNote.print(leftOut); // one note for every test compared
    }
    // JSON and CSV carry full precision for scripts; text, table and Markdown print for people.
    boolean exact = f == OutputFormat.JSON || f == OutputFormat.CSV;
    List<List<Object>> rows = new ArrayList<>();
    for (Verdict v : verdicts) {
      rows.add(
          Arrays.asList(
              v.test(),
              v.threads(),
              v.metric(),
              exact ? v.baselineMean() : NumberText.fixed(v.baselineMean(), 2),
              exact ? v.candidateMean() : NumberText.fixed(v.candidateMean(), 2),
              exact ? 100 * v.change() : NumberText.fixed(100 * v.change(), 2),
              v.pValue() == null ? null : exact ? v.pValue() : NumberText.pValue(v.pValue()),
              verdict(v.kind()),
              v.note()));
    }
    QueryResult table =
        new QueryResult(
            List.of(
                "test",
                "threads",
                "metric",
                "baseline",
                "candidate",
                "change_pct",
                "p_value",
                "verdict",
                "note"),
            rows);
    Output.write(ResultFormatter.render(table, f), out);
    boolean regressed = verdicts.stream().anyMatch(v -> v.kind() == Verdict.Kind.regression);
    return failOnRegression && regressed ? 3 : 0;
  }

  /** The verdict as docs/sql.md spells it: regression, improvement, no change. */
  static String verdict(Verdict.Kind kind) {
    return kind.name().replace('_', ' ');
  }

  static double parseThreshold(String text) {
    return Percent.parse("--threshold", text);
  }
}
