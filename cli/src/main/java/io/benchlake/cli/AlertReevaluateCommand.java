package io.benchlake.cli;

import io.benchlake.alerts.AlertEvaluation;
import io.benchlake.alerts.AlertLog;
import io.benchlake.bus.EventBus;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.FlinkCluster;
import io.benchlake.ingest.IngestService;
import io.benchlake.warehouse.Warehouse;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** benchlake alerts reevaluate: the whole history evaluated again, on purpose. */
@Command(
    name = "reevaluate",
    mixinStandardHelpOptions = true,
    description =
        "Evaluate every series' whole history again (an ingest evaluates only what it added;"
            + " --rebuild replays alerts, it does not evaluate).")
final class AlertReevaluateCommand implements Callable<Integer> {
  @Mixin BusOptions bus;

  @ParentCommand AlertsCommand alerts;

  @Override
  public Integer call() throws Exception {
    BenchlakeHome home = alerts.home();
    Warehouse warehouse = Warehouse.of(home);
    long started = System.nanoTime();
    try (EventBus connection = bus.connect(home);
        FlinkCluster flink = FlinkCluster.perJob(1)) {
      IngestService service = new IngestService(flink, IngestService.DEFAULT_COMPACT_ABOVE);
      AlertsAfterIngest evaluation =
          new AlertsAfterIngest(home, warehouse, connection.bootstrap(), service);
      AlertEvaluation.Outcome o = evaluation.evaluate(0, warehouse.current().seq());
      AlertLog.publish(
          connection.bootstrap(),
          o.events(),
          AlertVisibility.of(connection.bootstrap(), warehouse));
      System.out.println(AlertsAfterIngest.describe(o, (System.nanoTime() - started) / 1e9));
    }
    return 0;
  }
}
