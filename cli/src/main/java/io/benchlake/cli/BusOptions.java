package io.benchlake.cli;

import io.benchlake.bus.EventBus;
import io.benchlake.home.BenchlakeHome;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Where the event log is: a Kafka cluster, or the embedded broker (the default). */
final class BusOptions {
  @Option(
      names = "--bootstrap",
      paramLabel = "HOST:PORT,...",
      description = "An existing Kafka cluster instead of the embedded broker.")
  String bootstrap;

  @Option(
      names = "--kafka-port",
      paramLabel = "PORT",
      description =
          "Port of the embedded broker when this process hosts it (default: a free port).")
  Integer kafkaPort;

  EventBus connect(BenchlakeHome home) {
    return EventBus.connect(home, Optional.ofNullable(bootstrap), Optional.ofNullable(kafkaPort));
  }
}
