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
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

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
  /** The formats of alert tables (list, stats and a schedule's alerts job), the default first. */
  static final OfferedFormats TABLES = OfferedFormats.of(TABLE, CSV, MD, JSON);

  private final BenchlakeHome home;

  AlertsCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Override
  public Integer call() {
    throw new BadInputException(
        "say what: benchlake alerts list|show|ack|invalid|fixed|wontfix|reopen|stats|reevaluate");
  }

  /** The home the alert verbs run in. */
  BenchlakeHome home() {
    return home;
  }

  /** A session for the alert queries over this home's warehouse. */
  AnalyticsSession session() {
    return AnalyticsSession.openFor(Warehouse.of(home), AlertQueries.QUERIES);
  }

  @Command(name = "list", mixinStandardHelpOptions = true, description = "List alerts.")
  static final class ListAlerts implements Callable<Integer> {
    @ParentCommand AlertsCommand alerts;

    @Mixin AlertFilterOptions filters;

    @Option(names = "--summaries", description = "One line per summary (a new version or run).")
    boolean summaries;

    @Mixin FormatOptions formats = FormatOptions.of(TABLES);

    @Override
    public Integer call() {
      formats.writeAnswer(
          alerts::session,
          session ->
              summaries
                  ? AlertQueries.summaries(session, filters.filter())
                  : AlertQueries.list(session, filters.filter()));
      return 0;
    }
  }

  @Command(
      name = "show",
      mixinStandardHelpOptions = true,
      description = "One alert: its state, provenance and history.")
  static final class Show implements Callable<Integer> {
    @ParentCommand AlertsCommand alerts;

    @Parameters(paramLabel = "ID")
    String id;

    @Mixin FormatOptions formats = FormatOptions.of(TEXT, JSON);

    @Override
    public Integer call() {
      boolean json = formats.chosen() == JSON;
      try (AnalyticsSession session = alerts.session()) {
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
    @ParentCommand AlertsCommand alerts;

    @Mixin FormatOptions formats = FormatOptions.of(TABLES);

    @Override
    public Integer call() {
      formats.writeAnswer(alerts::session, AlertQueries::stats);
      return 0;
    }
  }
}
