package io.benchlake.cli;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.Topics;
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

  @Option(
      names = "--partitions",
      defaultValue = "1",
      description =
          "With --bootstrap: partitions of the events topic when benchlake creates it (default:"
              + " ${DEFAULT-VALUE}; a run's events always share one).")
  int partitions;

  @Option(
      names = "--replication-factor",
      defaultValue = "0",
      description =
          "With --bootstrap: replication factor of the topics benchlake creates (default: the"
              + " cluster's broker count, at most 3).")
  short replicationFactor;

  EventBus connect(BenchlakeHome home) {
    return EventBus.connect(
        home,
        Optional.ofNullable(bootstrap),
        Optional.ofNullable(kafkaPort),
        new Topics.Layout(partitions, replicationFactor));
  }
}
