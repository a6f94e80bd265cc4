package io.benchlake.ingest;

import io.benchlake.bus.EventBus;
import io.benchlake.home.BenchlakeHome;
import java.nio.file.Path;
import java.util.Optional;

/** An embedded broker in a JVM of its own, for a test to kill -9 under an ingest. */
public final class BrokerChild {
  private BrokerChild() {}

  public static void main(String[] args) throws Exception {
    EventBus bus = EventBus.connect(new BenchlakeHome(Path.of(args[0])), Optional.empty());
    System.out.println("bootstrap " + bus.bootstrap());
    System.out.flush();
    Thread.currentThread().join(); // until killed
  }
}
