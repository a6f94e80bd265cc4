package io.benchlake.cli;

import static io.benchlake.analytics.query.OutputFormat.CSV;
import static io.benchlake.analytics.query.OutputFormat.JSON;
import static io.benchlake.analytics.query.OutputFormat.MD;
import static io.benchlake.analytics.query.OutputFormat.TABLE;
import static io.benchlake.analytics.query.OutputFormat.TEXT;

import io.benchlake.alerts.AlertQueries;
import io.benchlake.alerts.AlertShow;
import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryResult;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.query.ResultFormatter;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** benchlake alerts: the alerts kept as events, listed, shown, triaged and counted. */
@Command(
    name = "alerts",
    mixinStandardHelpOptions = true,
    description =
        "Alerts raised by the evaluation after each ingest (changes, regressions, trends,"
            + " outliers), with their provenance and triage state.",
    subcommands = {
      AlertsCommand.ListAlerts.class,
      AlertsCommand.Show.class,
      AlertsCommand.Stats.class,
      AlertTriageCommands.Ack.class,
      AlertTriageCommands.Invalid.class,
      AlertTriageCommands.Fixed.class,
      AlertTriageCommands.Wontfix.class,
      AlertTriageCommands.Reopen.class,
      AlertReevaluateCommand.class
    })
final class AlertsCommand implements Callable<Integer> {
  @Override
  public Integer call() {
    throw new BadInputException(
        "say what: benchlake alerts list|show|ack|invalid|fixed|wontfix|reopen|stats|reevaluate");
  }

  static AnalyticsSession session() {
    BenchlakeHome home = BenchlakeHome.fromEnvironment();
    return AnalyticsSession.openFor(new Warehouse(home.warehouse()), AlertQueries.QUERIES);
  }

  @Command(name = "list", mixinStandardHelpOptions = true, description = "List alerts.")
  static final class ListAlerts implements Callable<Integer> {
    @Mixin AlertFilterOptions filters;

    @Option(names = "--summaries", description = "One line per summary (a new version or run).")
    boolean summaries;

    @Mixin FormatOptions formats = FormatOptions.of(TABLE, CSV, MD, JSON);

    @Override
    public Integer call() {
      OutputFormat f = formats.chosen();
      try (AnalyticsSession session = session()) {
        QueryResult r =
            summaries
                ? AlertQueries.summaries(session, filters.filter())
                : AlertQueries.list(session, filters.filter());
        formats.write(ResultFormatter.render(r, f));
      }
      return 0;
    }
  }

  @Command(
      name = "show",
      mixinStandardHelpOptions = true,
      description = "One alert: its state, provenance and history.")
  static final class Show implements Callable<Integer> {
    @Parameters(paramLabel = "ID")
    String id;

    @Mixin FormatOptions formats = FormatOptions.of(TEXT, JSON);

    @Override
    public Integer call() {
      boolean json = formats.chosen() == JSON;
      try (AnalyticsSession session = session()) {
        QueryResult alert = AlertQueries.show(session, id);
        QueryResult history = AlertQueries.history(session, id);
        formats.write(
            json
                ? AlertShow.json(alert, history) + System.lineSeparator()
                : AlertShow.text(alert, history));
      }
      return 0;
    }
  }

  @Command(
      name = "stats",
      mixinStandardHelpOptions = true,
      description =
          "Per detector and kind: raised, triaged, invalid (the false-alert share), confirmed.")
  static final class Stats implements Callable<Integer> {
    @Mixin FormatOptions formats = FormatOptions.of(TABLE, CSV, MD, JSON);

    @Override
    public Integer call() {
      OutputFormat f = formats.chosen();
      try (AnalyticsSession session = session()) {
        formats.write(ResultFormatter.render(AlertQueries.stats(session), f));
      }
      return 0;
    }
  }
}
