package io.benchlake.cli;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventLog;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.InvalidEventException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** benchlake export events: the event log as JSON lines, the round trip of import events. */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description = "Export the event log as JSON lines.")
final class ExportCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "WHAT", description = "events")
  String what;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "Write to FILE instead of standard output.")
  Path out;

  @Mixin BusOptions bus;

  @Override
  public Integer call() {
    if (!what.equals("events")) {
      throw new BadInputException("export knows 'events' only, not '" + what + "'");
    }
    EventCodec codec = new EventCodec();
    StringBuilder lines = new StringBuilder();
    long[] skipped = {0};
    try (EventBus connection = bus.connect(BenchlakeHome.fromEnvironment())) {
      EventLog.readAll(
          connection.bootstrap(),
          value -> {
            try {
              codec.decode(value); // only valid events; written as read, unknown fields kept
              lines
                  .append(
                      EventCodec.mapper().writeValueAsString(EventCodec.mapper().readTree(value)))
                  .append('\n');
            } catch (InvalidEventException | java.io.IOException e) {
              skipped[0]++; // not an event: ingest refuses it too
            }
          });
    }
    Output.write(lines.toString(), out);
    if (skipped[0] > 0) {
      System.err.println(
          "benchlake: left out " + skipped[0] + " record(s) that are not valid events");
    }
    return 0;
  }
}
