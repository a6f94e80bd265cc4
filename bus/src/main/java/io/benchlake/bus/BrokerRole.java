package io.benchlake.bus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This process's part in its home's embedded broker (docs/architecture.md, Broker ownership): the
 * host, which holds {@code kafka/host.lock} and writes the endpoint, or a client of the host that
 * stands ready to succeed it. When the host ends first (its work done, or killed) while a client
 * still works, a waiting thread of the client gets the lock, and starts the broker again on the
 * same address: the client's producers and consumers reconnect and go on, and no event is lost with
 * the host.
 */
final class BrokerRole implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BrokerRole.class);
  private static final long WAIT_FOR_HOST_MS = 60_000;
  private static final long RETRY_MS = 200;

  private final Path kafkaDir;
  private final String bootstrap;
  private final HostLock lock;
  private EmbeddedBroker hosted;
  private boolean closed;

  private BrokerRole(Path kafkaDir, String bootstrap, HostLock lock, EmbeddedBroker b) {
    this.kafkaDir = kafkaDir;
    this.bootstrap = bootstrap;
    this.lock = lock;
    this.hosted = b;
  }

  /** Hosts the home's broker (on {@code port} if the user chose one), or joins its host. */
  static BrokerRole join(Path kafkaDir, Optional<Integer> port) {
    try {
      HostLock lock = HostLock.open(kafkaDir);
      try {
        if (lock.tryTake()) {
          try {
            EmbeddedBroker broker = EmbeddedBroker.start(kafkaDir, port);
            new BrokerEndpoint(broker.bootstrap(), ProcessHandle.current().pid()).write(kafkaDir);
            return new BrokerRole(kafkaDir, broker.bootstrap(), lock, broker);
          } catch (RuntimeException e) {
            lock.giveBack();
            throw e;
          }
        }
        // the host is another process, or another role of this one (a verb run in the process
        // that hosts the broker): either may end first
        BrokerRole client = new BrokerRole(kafkaDir, waitForHost(kafkaDir).bootstrap(), lock, null);
        client.standBy();
        return client;
      } catch (RuntimeException e) {
        lock.close();
        throw e;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String bootstrap() {
    return bootstrap;
  }

  synchronized boolean hosts() {
    return hosted != null;
  }

  /**
   * A thread that asks for the host's lock until it gets it, and then takes the broker over; or
   * until this role is closed.
   */
  private void standBy() {
    Thread successor =
        new Thread(
            () -> {
              try {
                while (!takeOverOnceFree()) {
                  Thread.sleep(RETRY_MS);
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              } catch (IOException | RuntimeException e) {
                LOG.error("could not take over the embedded broker at {}", bootstrap, e);
              }
            },
            "broker successor");
    successor.setDaemon(true);
    successor.start();
  }

  /** Whether this role is done waiting: closed, or the host now. */
  private synchronized boolean takeOverOnceFree() throws IOException {
    if (closed) {
      return true;
    }
    if (!lock.tryTake()) {
      return false;
    }
    try {
      takeOver();
    } catch (IOException | RuntimeException e) {
      lock.giveBack();
      throw e;
    }
    return true;
  }

  private void takeOver() throws IOException {
    int port = Integer.parseInt(bootstrap.substring(bootstrap.lastIndexOf(':') + 1));
    LOG.info("the host of the embedded broker ended; this process hosts it now at {}", bootstrap);
    hosted = startWhenPortIsFree(port);
    new BrokerEndpoint(bootstrap, ProcessHandle.current().pid()).write(kafkaDir);
  }

  /**
   * The host's lock is released as its process exits, which can be a moment before the kernel
   * closes its listening socket: the port is asked for again until it is free.
   */
  private EmbeddedBroker startWhenPortIsFree(int port) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_FOR_HOST_MS);
    while (true) {
      try {
        return EmbeddedBroker.start(kafkaDir, Optional.of(port));
      } catch (io.benchlake.home.BadInputException portTaken) {
        if (System.nanoTime() > deadline) {
          throw portTaken;
        }
        try {
          Thread.sleep(RETRY_MS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new ClosedChannelException();
        }
      }
    }
  }

  /**
   * Stops the broker if this role hosts it, and lets the next role or process take it over; a
   * client leaves the lock as it is (its own process may hold it).
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (hosted != null) {
        BrokerEndpoint.delete(kafkaDir);
        hosted.close();
      }
    } finally {
      try {
        if (hosted != null) {
          lock.giveBack(); // the successor of a client (here or in another process) takes it
        }
        lock.close();
      } catch (IOException e) {
        LOG.warn("cannot release the broker lock", e);
      }
    }
  }

  private static BrokerEndpoint waitForHost(Path kafkaDir) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_FOR_HOST_MS);
    while (System.nanoTime() < deadline) {
      Optional<BrokerEndpoint> endpoint = BrokerEndpoint.readLive(kafkaDir);
      if (endpoint.isPresent()) {
        LOG.info(
            "using the embedded broker of process {} at {}",
            endpoint.get().pid(),
            endpoint.get().bootstrap());
        return endpoint.get();
      }
      try {
        Thread.sleep(RETRY_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    throw new BusException(
        "another benchlake process holds "
            + kafkaDir.resolve("host.lock")
            + " but its broker did not answer within "
            + WAIT_FOR_HOST_MS / 1000
            + " s");
  }
}
