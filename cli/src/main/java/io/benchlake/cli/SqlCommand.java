package io.benchlake.cli;

import static io.benchlake.analytics.query.OutputFormat.CSV;
import static io.benchlake.analytics.query.OutputFormat.JSON;
import static io.benchlake.analytics.query.OutputFormat.MD;
import static io.benchlake.analytics.query.OutputFormat.TABLE;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.query.ResultFormatter;
import io.benchlake.analytics.query.SqlScript;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * benchlake sql: read-only SQL against the views (one statement, a file of them, or an interactive
 * prompt with history); needs neither Kafka nor Flink.
 */
@Command(
    name = "sql",
    mixinStandardHelpOptions = true,
    description = {
      "Run SQL against the warehouse views (runs, samples, iterations, thread_stats, ...), read-only.",
      "Without STATEMENT or --file: an interactive prompt (statements end with ';', history kept)."
    })
final class SqlCommand implements Callable<Integer> {
  private final BenchlakeHome home;

  SqlCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "STATEMENT",
      description = "The SQL statement.")
  String statement;

  @Option(
      names = "--file",
      paramLabel = "FILE",
      description = "Run the statements of FILE in order.")
  Path file;

  /** The formats it writes, its default first (a schedule's job checks its --format too). */
  static final OfferedFormats FORMATS = OfferedFormats.of(TABLE, CSV, JSON, MD);

  @Mixin FormatOptions formats = FormatOptions.of(FORMATS);

  @Override
  public Integer call() throws Exception {
    OutputFormat f = formats.chosen();
    if (statement != null && file != null) {
      throw new BadInputException("give a STATEMENT or --file, not both");
    }
    Warehouse warehouse = Warehouse.of(home);
    if (statement == null && file == null) {
      try (FollowingSession session =
          new FollowingSession(warehouse, AnalyticsSession::open, System.err)) {
        new SqlShell(session, f, home.root().resolve("sql_history")).run();
        return 0;
      }
    }
    List<String> statements;
    if (file != null) {
      if (!Files.isRegularFile(file)) {
        throw new BadInputException("no SQL file " + file);
      }
      statements = SqlScript.split(Files.readString(file));
    } else {
      statements = List.of(statement);
    }
    // the views these statements reach (all of them at the prompt, where any may come next)
    try (FollowingSession session =
        new FollowingSession(
            warehouse, w -> AnalyticsSession.openForStatements(w, statements), System.err)) {
      StringBuilder text = new StringBuilder();
      for (String s : statements) {
        if (text.length() > 0) {
          text.append('\n');
        }
        try {
          text.append(ResultFormatter.render(session.query(s), f));
        } catch (BadInputException e) {
          throw file == null ? e : new BadInputException(file + ": " + e.getMessage());
        }
      }
      formats.write(text.toString());
    }
    return 0;
  }
}
