package io.benchlake.cli;

import static io.benchlake.analytics.query.OutputFormat.CSV;
import static io.benchlake.analytics.query.OutputFormat.JSON;
import static io.benchlake.analytics.query.OutputFormat.MD;
import static io.benchlake.analytics.query.OutputFormat.TABLE;

import io.benchlake.analytics.QueryResult;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.query.ResultFormatter;
import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventLog;
import io.benchlake.bus.Topics;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.job.DeadLetter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** benchlake dlq: the events ingest refused, why, and where they came from. */
@Command(
    name = "dlq",
    mixinStandardHelpOptions = true,
    description = {
      "List the events ingest refused (benchlake.dlq).",
      "With --acknowledge ORIGIN: accept that the event refused from ORIGIN stays out of the"
          + " warehouse (an event in the log); later ingests and rebuilds no longer refuse it"
          + " again, nor exit 4 for it."
    })
final class DlqCommand implements Callable<Integer> {
  @Mixin FormatOptions formats = FormatOptions.of(TABLE, CSV, JSON, MD);

  @Mixin BusOptions bus;

  @Option(
      names = "--acknowledge",
      paramLabel = "ORIGIN",
      description = "The origin of a dead letter to acknowledge, as listed (benchlake.events/P@O).")
  String acknowledge;

  @Option(
      names = "--note",
      paramLabel = "TEXT",
      description = "With --acknowledge: why it is accepted (kept with the acknowledgement).")
  String note;

  @Override
  public Integer call() {
    OutputFormat f = formats.chosen();
    // One row per place in the log: a rebuild, or a job run again, refuses the same event again.
    Map<String, List<Object>> byOrigin = new LinkedHashMap<>();
    List<List<Object>> rows = new ArrayList<>();
    try (EventBus connection = bus.connect(BenchlakeHome.fromEnvironment())) {
      EventLog.read(
          connection.bootstrap(),
          Topics.DLQ,
          Map.of(),
          value -> {
            try {
              DeadLetter d = DeadLetter.fromJson(value);
              String text = d.valueText().replace('\n', ' ');
              byOrigin.put(
                  d.origin(),
                  List.of(
                      d.origin(),
                      d.reason(),
                      text.length() > 60 ? text.substring(0, 57) + "..." : text));
            } catch (IOException e) {
              rows.add(List.of("?", "unreadable dead letter", ""));
            }
          });
      if (acknowledge != null) {
        return acknowledged(connection.bootstrap(), byOrigin.keySet());
      }
    }
    rows.addAll(0, byOrigin.values());
    formats.write(
        ResultFormatter.render(new QueryResult(List.of("origin", "reason", "value"), rows), f));
    return 0;
  }

  /** Publishes the acknowledgement of the dead letter from {@code acknowledge}, if it is one. */
  private int acknowledged(String bootstrap, java.util.Set<String> origins) {
    if (!origins.contains(acknowledge)) {
      throw new io.benchlake.home.BadInputException(
          "--acknowledge: no dead letter comes from "
              + acknowledge
              + "; `benchlake dlq` lists their origins (benchlake.events/PARTITION@OFFSET)");
    }
    try (io.benchlake.bus.EventPublisher publisher =
        new io.benchlake.bus.EventPublisher(bootstrap)) {
      publisher.publish(
          io.benchlake.schemas.Acknowledgement.of(acknowledge, note, java.time.Instant.now()));
    }
    System.out.println(
        "Acknowledged "
            + acknowledge
            + ": later ingests and rebuilds leave it out without refusing it again.");
    return 0;
  }
}
