package io.benchlake.cli;

import io.benchlake.bus.EventBus;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * benchlake broker: hosts the embedded Kafka broker of $BENCHLAKE_HOME in the foreground, so that
 * runs, imports and ingests in other processes share it (docs/architecture.md, Broker ownership).
 */
@Command(
    name = "broker",
    mixinStandardHelpOptions = true,
    description = "Host the embedded Kafka broker on 127.0.0.1 until Ctrl-C; other verbs share it.")
final class BrokerCommand implements Callable<Integer> {
  private final BenchlakeHome home;

  BrokerCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Option(
      names = "--kafka-port",
      paramLabel = "PORT",
      description = "The port (default: a free one).")
  Integer port;

  @Override
  public Integer call() throws Exception {
    CountDownLatch stopped = new CountDownLatch(1);
    try (EventBus bus = EventBus.connect(home, Optional.empty(), Optional.ofNullable(port))) {
      if (!bus.hostsBroker()) {
        throw new BadInputException(
            "another process already hosts this home's broker at " + bus.bootstrap());
      }
      System.out.printf("Kafka broker listening on %s%nReady. Ctrl-C stops it.%n", bus.bootstrap());
      System.out.flush();
      Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
      stopped.await();
    }
    return 0;
  }
}
