package io.benchlake.cli;

import io.benchlake.alerts.confirm.AlertConfirmation;
import io.benchlake.alerts.confirm.ConfirmCell;
import io.benchlake.alerts.confirm.ConfirmSide;
import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventPublisher;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.loadgen.LoadGenerator;
import io.benchlake.loadgen.plan.BenchmarkPlan;
import io.benchlake.loadgen.plan.DatasetSpec;
import io.benchlake.loadgen.plan.PlanFile;
import io.benchlake.loadgen.plan.ServerSpec;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.warehouse.Warehouse;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * `run --confirm ALERT`: reads the alert's cell, checks it can be confirmed here, then lets {@link
 * AlertConfirmation} run its sides through the load generator, publishing the re-runs' events.
 */
final class ConfirmJob {
  private final BenchlakeHome home;
  private final PrintStream out;
  private final boolean waitForServer;

  ConfirmJob(BenchlakeHome home, PrintStream out, boolean waitForServer) {
    this.home = home;
    this.out = out;
    this.waitForServer = waitForServer;
  }

  /**
   * Confirms {@code alertId} on this machine, whose testbed {@code testbed} names (null: its own).
   */
  AlertConfirmation.Outcome confirm(String alertId, String testbed, BusOptions busOptions)
      throws Exception {
    ConfirmCell cell;
    try (AnalyticsSession session =
        AnalyticsSession.openFor(Warehouse.of(home), ConfirmCell.QUERIES)) {
      cell = ConfirmCell.read(session, alertId);
    }
    String machine = testbed != null ? testbed : LoadGenerator.thisTestbed();
    AlertConfirmation.check(cell, machine); // before a broker or a server starts
    for (ConfirmSide side : cell.sides()) {
      LoadGenerator.check(plan(side, Map.of(), true));
    }
    try (EventBus bus = busOptions.connect(home);
        EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
      out.printf("Event log: Kafka at %s%n", bus.bootstrap());
      AlertConfirmation.Outcome outcome =
          AlertConfirmation.confirm(
              cell,
              machine,
              (side, order, markers, prepare) -> {
                out.printf(
                    "%nRe-run %d of %d: %s (%s)%n",
                    order, AlertConfirmation.ORDER.size(), side.side(), side.dataset());
                if (prepare) { // a start of its own: every measured run starts on tables at rest
                  LoadGenerator.tablesOnly(home, out, waitForServer)
                      .prepare(plan(side, markers, true));
                }
                List<Double> values = new ArrayList<>();
                Consumer<Event> publish =
                    e -> {
                      publisher.publish(e);
                      if (e instanceof IterationFinished i
                          && i.threads() == cell.threads()
                          && i.status() == IterationFinished.Status.completed) {
                        i.values().stream()
                            .filter(v -> v.metric().equals(cell.metric()))
                            .findFirst()
                            .ifPresent(v -> values.add(v.value()));
                      }
                    };
                List<LoadGenerator.PublishedRun> runs =
                    new LoadGenerator(home, publish, publisher::flush, out, waitForServer)
                        .run(plan(side, markers, false), Optional.empty());
                return new AlertConfirmation.Rerun(side.side(), runs.get(0).runId(), values);
              });
      out.println();
      out.print(outcome.text());
      out.println(
          "The re-runs are in the event log, marked as a confirm's: benchlake ingest adds them,"
              + " and every series leaves them out.");
      return outcome;
    }
  }

  /** The plan of one side: its recorded parameters, its server started afresh. */
  private static BenchmarkPlan plan(
      ConfirmSide side, Map<String, String> markers, boolean prepare) {
    ServerSpec server =
        side.embedded()
            ? new ServerSpec.Embedded(side.serverVersion(), side.settings())
            : new ServerSpec.InstallDir(
                Path.of(side.installDir()), Optional.empty(), side.settings());
    return LoadGenerator.plan(
        new PlanFile(
            side.testName(),
            side.workload(),
            null,
            List.of(side.threads()),
            side.iterations(),
            seconds(side.durationS()),
            null,
            seconds(side.warmupS()),
            seconds(side.reportIntervalS()),
            null,
            null,
            null,
            null,
            null,
            prepare,
            null,
            side.options(),
            markers,
            List.of(new DatasetSpec(side.dataset(), server)),
            null,
            side.testbed()),
        null);
  }

  private static String seconds(double s) {
    return BigDecimal.valueOf(s).stripTrailingZeros().toPlainString() + "s";
  }
}
