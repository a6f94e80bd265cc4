package io.benchlake.cli;

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
    description = "List the events ingest refused (benchlake.dlq).")
final class DlqCommand implements Callable<Integer> {
  @Option(
      names = "--format",
      defaultValue = "table",
      description = "table, csv, json or md (default: ${DEFAULT-VALUE}).")
  String format;

  @Mixin BusOptions bus;

  @Override
  public Integer call() {
    OutputFormat f = OutputFormat.parse(format);
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
    }
    rows.addAll(0, byOrigin.values());
    System.out.print(
        ResultFormatter.render(new QueryResult(List.of("origin", "reason", "value"), rows), f));
    return 0;
  }
}
