package io.benchlake.ingest;

import io.benchlake.bus.BrokerFaults;
import io.benchlake.home.EnvironmentException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Optional;

/**
 * Watches the broker while an ingest job runs: Kafka's readers wait for a broker that went away
 * without end, so a broker that refuses connections for {@link #GONE_AFTER} is the ingest's end, in
 * one line (exit 6), with nothing committed.
 */
final class BrokerWatch implements FlinkCluster.JobWatch {
  /** How long every bootstrap address must refuse connections before the broker counts as gone. */
  static final Duration GONE_AFTER = Duration.ofSeconds(3);

  private static final int CONNECT_TIMEOUT_MS = 1000;

  private final String bootstrap;
  private long failingSince = -1;

  BrokerWatch(String bootstrap) {
    this.bootstrap = bootstrap;
  }

  @Override
  public Optional<RuntimeException> problem() {
    Optional<String> fault = BrokerFaults.describe(bootstrap);
    if (fault.isPresent()) {
      return Optional.of(faulted(fault.get(), null));
    }
    if (answers()) {
      failingSince = -1;
      return Optional.empty();
    }
    long now = System.nanoTime();
    if (failingSince < 0) {
      failingSince = now;
    }
    if (now - failingSince < GONE_AFTER.toNanos()) {
      return Optional.empty();
    }
    return Optional.of(gone(bootstrap, "no answer for " + GONE_AFTER.toSeconds() + " s", null));
  }

  /**
   * A Kafka client's error (a timeout, mostly) as the broker gone when it no longer answers;
   * otherwise {@code e} itself.
   */
  static RuntimeException goneOr(String bootstrap, RuntimeException e) {
    Optional<String> fault = BrokerFaults.describe(bootstrap);
    if (fault.isPresent()) {
      return faulted(fault.get(), e);
    }
    return new BrokerWatch(bootstrap).answers() ? e : gone(bootstrap, e.getMessage(), e);
  }

  /**
   * Refuses at once to ingest from an embedded broker of this process that already stopped on a
   * fault of its own: any question to it would only wait out a Kafka client's timeout (15 s in
   * LogIntegrityIT) before saying the same.
   */
  static void refuseIfFaulted(String bootstrap) {
    Optional<String> fault = BrokerFaults.describe(bootstrap);
    if (fault.isPresent()) {
      throw faulted(fault.get(), null);
    }
  }

  private static EnvironmentException gone(String bootstrap, String why, Throwable cause) {
    return new EnvironmentException(
        "the broker at "
            + bootstrap
            + " went away during the ingest ("
            + why
            + "); nothing was committed: start it again (`benchlake broker`, or check"
            + " --bootstrap) and run `benchlake ingest` again",
        cause);
  }

  /** The embedded broker of this process stopped on a fault of its own, {@code fault}. */
  private static EnvironmentException faulted(String fault, Throwable cause) {
    return new EnvironmentException(
        fault
            + "; nothing was committed: check that directory (its disk, its files) and run"
            + " `benchlake ingest` again",
        cause);
  }

  /** Whether any of the bootstrap addresses accepts a connection. */
  private boolean answers() {
    for (String address : bootstrap.split(",")) {
      int colon = address.lastIndexOf(':');
      if (colon < 0) {
        continue;
      }
      try (Socket socket = new Socket()) {
        socket.connect(
            new InetSocketAddress(
                address.substring(0, colon).strip(),
                Integer.parseInt(address.substring(colon + 1).strip())),
            CONNECT_TIMEOUT_MS);
        return true;
      } catch (IOException | NumberFormatException e) {
        // the next address may answer
      }
    }
    return false;
  }
}
