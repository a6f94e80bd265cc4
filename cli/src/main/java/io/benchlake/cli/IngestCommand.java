package io.benchlake.cli;

import io.benchlake.bus.EventBus;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.IngestService;
import io.benchlake.warehouse.Warehouse;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** benchlake ingest: Kafka → Flink → Parquet, from where the last ingest stopped. */
@Command(
    name = "ingest",
    mixinStandardHelpOptions = true,
    description = "Ingest new events of the event log into the Parquet warehouse (batch).")
final class IngestCommand implements Callable<Integer> {
  @Mixin BusOptions bus;

  @Option(
      names = "--parallelism",
      defaultValue = "2",
      description = "Flink parallelism (default: ${DEFAULT-VALUE}).")
  int parallelism;

  @Option(
      names = "--rebuild",
      description = "Delete the warehouse and replay the whole event log from offset 0.")
  boolean rebuild;

  @Override
  public Integer call() throws Exception {
    BenchlakeHome home = BenchlakeHome.fromEnvironment();
    IngestService.Result r;
    try (EventBus connection = bus.connect(home)) {
      r =
          new IngestService(parallelism)
              .ingest(connection.bootstrap(), new Warehouse(home.warehouse()), rebuild);
      if (r.nothingNew()) {
        System.out.println("Nothing new since ingest " + r.seq() + ".");
      } else {
        System.out.printf(
            "Ingest %d read %d events%s.%n",
            r.seq(),
            r.eventsRead(),
            r.refused().isEmpty() ? "" : "; refused " + r.refused().size() + ":");
        r.refused().forEach(e -> System.out.println("  " + e.origin() + ": " + e.reason()));
      }
    }
    // Exit 4: finished, but some events went to the dead-letter topic (`benchlake dlq` lists them).
    return r.refused().isEmpty() ? 0 : 4;
  }
}
