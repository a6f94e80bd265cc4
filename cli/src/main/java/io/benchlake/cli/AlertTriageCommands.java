package io.benchlake.cli;

import io.benchlake.alerts.AlertLog;
import io.benchlake.alerts.AlertTriage;
import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.bus.EventBus;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.AlertState;
import io.benchlake.warehouse.Warehouse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** benchlake alerts ack|invalid|fixed|wontfix|reopen: a triage, as events, visible on return. */
final class AlertTriageCommands {
  private AlertTriageCommands() {}

  /** What every triage verb takes: ids (alert or summary) or --all-matching with the filters. */
  abstract static class Triage implements Callable<Integer> {
    @Parameters(paramLabel = "ID", arity = "0..*", description = "Alert or summary ids.")
    List<String> ids = List.of();

    @Option(names = "--all-matching", description = "Every alert the list filters match.")
    boolean allMatching;

    @Mixin AlertFilterOptions filters;

    @Option(names = "--link", paramLabel = "URL", description = "A URL or ticket, e.g. MDEV-39364.")
    String link;

    @Option(names = "--note", paramLabel = "TEXT", description = "Why, for whoever reads it.")
    String note;

    @Mixin BusOptions bus;

    @ParentCommand AlertsCommand parent;

    abstract AlertState.State state();

    @Override
    public Integer call() throws Exception {
      if (ids.isEmpty() == !allMatching) {
        throw new BadInputException("give alert or summary ids, or --all-matching, not both");
      }
      BenchlakeHome home = parent.home();
      Warehouse warehouse = Warehouse.of(home);
      Map<String, Instant> alerts;
      try (AnalyticsSession session = parent.session()) {
        alerts =
            allMatching
                ? AlertTriage.matching(session, filters.filter())
                : AlertTriage.named(session, ids);
      }
      if (alerts.isEmpty()) {
        System.out.println("No alert matches.");
        return 0;
      }
      AlertTriage.Decision d =
          new AlertTriage.Decision(state(), link, note, System.getProperty("user.name"));
      List<AlertState> events = AlertTriage.events(alerts, d, Instant.now());
      try (EventBus connection = bus.connect(home)) {
        AlertLog.publish(
            connection.bootstrap(), events, AlertVisibility.of(connection.bootstrap(), warehouse));
      }
      System.out.printf(
          "%s %d alert%s: %s%n",
          state(),
          alerts.size(),
          alerts.size() == 1 ? "" : "s",
          String.join(", ", alerts.keySet()));
      return 0;
    }
  }

  @Command(name = "ack", mixinStandardHelpOptions = true, description = "Seen: acknowledged.")
  static final class Ack extends Triage {
    @Override
    AlertState.State state() {
      return AlertState.State.acknowledged;
    }
  }

  @Command(name = "invalid", mixinStandardHelpOptions = true, description = "A false alert.")
  static final class Invalid extends Triage {
    @Override
    AlertState.State state() {
      return AlertState.State.invalid;
    }
  }

  @Command(name = "fixed", mixinStandardHelpOptions = true, description = "Fixed.")
  static final class Fixed extends Triage {
    @Override
    AlertState.State state() {
      return AlertState.State.fixed;
    }
  }

  @Command(name = "wontfix", mixinStandardHelpOptions = true, description = "Will not be fixed.")
  static final class Wontfix extends Triage {
    @Override
    AlertState.State state() {
      return AlertState.State.wontfix;
    }
  }

  @Command(name = "reopen", mixinStandardHelpOptions = true, description = "Untriaged again.")
  static final class Reopen extends Triage {
    @Override
    AlertState.State state() {
      return AlertState.State.reopened;
    }
  }
}
