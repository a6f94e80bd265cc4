package io.benchlake.bus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
  private final FileChannel lockChannel;
  private EmbeddedBroker hosted;
  private boolean closed;

  private BrokerRole(Path kafkaDir, String bootstrap, FileChannel lockChannel, EmbeddedBroker b) {
    this.kafkaDir = kafkaDir;
    this.bootstrap = bootstrap;
    this.lockChannel = lockChannel;
    this.hosted = b;
  }

  /** Hosts the home's broker (on {@code port} if the user chose one), or joins its host. */
  static BrokerRole join(Path kafkaDir, Optional<Integer> port) {
    try {
      Files.createDirectories(kafkaDir);
      FileChannel channel =
          FileChannel.open(
              kafkaDir.resolve("host.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      try {
        if (tryLock(channel) != null) {
          EmbeddedBroker broker = EmbeddedBroker.start(kafkaDir, port);
          new BrokerEndpoint(broker.bootstrap(), ProcessHandle.current().pid()).write(kafkaDir);
          return new BrokerRole(kafkaDir, broker.bootstrap(), channel, broker);
        }
        BrokerRole client =
            new BrokerRole(kafkaDir, waitForHost(kafkaDir).bootstrap(), channel, null);
        client.standBy();
        return client;
      } catch (RuntimeException e) {
        channel.close();
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

  /** A thread that waits for the host's lock, and takes the broker over once it has it. */
  private void standBy() {
    Thread successor =
        new Thread(
            () -> {
              try {
                awaitHostLock();
                takeOver();
              } catch (ClosedChannelException e) {
                // this process is done with the broker: nothing to take over
              } catch (IOException | RuntimeException e) {
                LOG.error("could not take over the embedded broker at {}", bootstrap, e);
              }
            },
            "broker successor");
    successor.setDaemon(true);
    successor.start();
  }

  private void awaitHostLock() throws IOException {
    while (true) {
      try {
        lockChannel.lock();
        return;
      } catch (OverlappingFileLockException e) {
        // The host is this JVM (another connection): the lock is asked for again until it goes.
        try {
          Thread.sleep(RETRY_MS);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new ClosedChannelException();
        }
        if (!lockChannel.isOpen()) {
          throw new ClosedChannelException();
        }
      }
    }
  }

  private synchronized void takeOver() throws IOException {
    if (closed) {
      return;
    }
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

  /** Stops the broker if this process hosts it, and lets the next process take it over. */
  @Override
  public synchronized void close() {
    closed = true;
    try {
      if (hosted != null) {
        BrokerEndpoint.delete(kafkaDir);
        hosted.close();
      }
    } finally {
      try {
        lockChannel.close(); // releases the lock; wakes the successor of a client
      } catch (IOException e) {
        LOG.warn("cannot release the broker lock", e);
      }
    }
  }

  private static FileLock tryLock(FileChannel channel) throws IOException {
    try {
      return channel.tryLock();
    } catch (OverlappingFileLockException e) {
      return null; // this JVM already hosts it: connect as a client
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
