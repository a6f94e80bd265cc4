package io.benchlake.cli;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventLog;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** benchlake export events: the event log as JSON lines, the round trip of import events. */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description = "Export the event log as JSON lines.")
final class ExportCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "WHAT", description = "events")
  String what;

  @Mixin OutputFile out;

  @Mixin BusOptions bus;

  @Override
  public Integer call() {
    if (!what.equals("events")) {
      throw new BadInputException("export knows 'events' only, not '" + what + "'");
    }
    EventExport export = new EventExport();
    StringBuilder lines = new StringBuilder();
    try (EventBus connection = bus.connect(BenchlakeHome.fromEnvironment())) {
      EventLog.readAll(
          connection.bootstrap(),
          value -> export.line(value).ifPresent(l -> lines.append(l).append('\n')));
    }
    out.write(lines.toString());
    if (export.leftOut() > 0) {
      System.err.println(
          "benchlake: left out "
              + export.leftOut()
              + " record(s) that are not valid events (ingest refuses them too)");
    }
    return 0;
  }
}
