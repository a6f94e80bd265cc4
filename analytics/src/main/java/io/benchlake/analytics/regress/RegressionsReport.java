package io.benchlake.analytics.regress;

import io.benchlake.analytics.QueryResult;
import io.benchlake.analytics.query.NumberText;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.query.ResultFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Renders regression verdicts as one table (text, md, csv or json) with a row per test, thread
 * count and metric. JSON and CSV carry full precision for scripts; text, table and Markdown print
 * for people (two decimals, p-values as {@link NumberText#pValue}).
 */
public final class RegressionsReport {
  static final List<String> COLUMNS =
      List.of(
          "test",
          "threads",
          "metric",
          "baseline",
          "candidate",
          "change_pct",
          "p_value",
          "verdict",
          "note");

  private RegressionsReport() {}

  public static String render(List<Verdict> verdicts, OutputFormat format) {
    return ResultFormatter.render(table(verdicts, format), format);
  }

  static QueryResult table(List<Verdict> verdicts, OutputFormat format) {
    boolean exact = format == OutputFormat.JSON || format == OutputFormat.CSV;
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
    return new QueryResult(COLUMNS, rows);
  }

  /** The verdict as docs/sql.md spells it: regression, improvement, no change. */
  static String verdict(Verdict.Kind kind) {
    return kind.name().replace('_', ' ');
  }

  /** Whether any verdict is a regression (what {@code --fail-on-regression} exits 3 on). */
  public static boolean anyRegression(List<Verdict> verdicts) {
    return verdicts.stream().anyMatch(v -> v.kind() == Verdict.Kind.regression);
  }
}
