package io.benchlake.cli;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryResult;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.query.ResultFormatter;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** benchlake sql: one read-only statement against the views; needs neither Kafka nor Flink. */
@Command(
    name = "sql",
    mixinStandardHelpOptions = true,
    description =
        "Run one SQL statement against the warehouse views (runs, samples, iterations, thread_stats, ...).")
final class SqlCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "STATEMENT", description = "The SQL statement.")
  String statement;

  @Option(
      names = "--format",
      defaultValue = "table",
      description = "table, csv, json or md (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "Write the result to FILE instead of standard output.")
  java.nio.file.Path out;

  @Override
  public Integer call() throws Exception {
    OutputFormat f = OutputFormat.parse(format);
    BenchlakeHome home = BenchlakeHome.fromEnvironment();
    try (AnalyticsSession session = AnalyticsSession.open(new Warehouse(home.warehouse()))) {
      QueryResult result = session.query(statement);
      Output.write(ResultFormatter.render(result, f), out);
    }
    return 0;
  }
}
