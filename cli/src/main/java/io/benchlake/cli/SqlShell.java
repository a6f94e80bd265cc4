package io.benchlake.cli;

import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.query.ResultFormatter;
import io.benchlake.analytics.query.SqlScript;
import io.benchlake.home.BadInputException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The interactive prompt of benchlake sql (JLine): statements end with ';', a mistake is one line
 * and the prompt goes on, history is kept in $BENCHLAKE_HOME/sql_history; Ctrl-D or "quit" ends.
 */
final class SqlShell {
  private final FollowingSession session;
  private final OutputFormat format;
  private final Path history;

  SqlShell(FollowingSession session, OutputFormat format, Path history) {
    this.session = session;
    this.format = format;
    this.history = history;
  }

  void run() throws IOException {
    try (Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build()) {
      LineReader reader =
          LineReaderBuilder.builder()
              .terminal(terminal)
              .variable(LineReader.HISTORY_FILE, history)
              .build();
      PrintStream out = new PrintStream(terminal.output(), true, terminal.encoding());
      out.println(
          "benchlake sql: views runs, iterations, thread_stats, comparison, monthly, ...;"
              + " end statements with ';', quit with Ctrl-D");
      StringBuilder pending = new StringBuilder();
      while (true) {
        String line;
        try {
          line = reader.readLine(pending.length() == 0 ? "benchlake> " : "      ...> ");
        } catch (UserInterruptException e) {
          pending.setLength(0);
          continue;
        } catch (EndOfFileException e) {
          break;
        }
        if (pending.length() == 0 && line.strip().matches("(?i)quit|exit|\\\\q")) {
          break;
        }
        pending.append(line).append('\n');
        if (!SqlScript.complete(pending.toString())) {
          continue;
        }
        for (String statement : SqlScript.split(pending.toString())) {
          try {
            out.print(ResultFormatter.render(session.query(statement), format));
          } catch (BadInputException e) {
            out.println("benchlake: " + e.getMessage());
          }
        }
        pending.setLength(0);
      }
      reader.getHistory().save();
    }
  }
}
