package io.benchlake.bus;

import io.benchlake.home.BenchlakeHome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A connection to the event log: a user-given cluster, the embedded broker another benchlake
 * process hosts, or one this process hosts (DESIGN.md, Broker ownership).
 */
public final class EventBus implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EventBus.class);
  private static final long WAIT_FOR_HOST_MS = 60_000;

  static final int REACH_TIMEOUT_S = 15;
  private final String bootstrap;
  private final EmbeddedBroker hosted;
  private final FileChannel lockChannel;
  private final Path kafkaDir;

  private EventBus(
      String bootstrap, EmbeddedBroker hosted, FileChannel lockChannel, Path kafkaDir) {
    this.bootstrap = bootstrap;
    this.hosted = hosted;
    this.lockChannel = lockChannel;
    this.kafkaDir = kafkaDir;
  }

  /**
   * Connects to {@code bootstrap} when given, else to the embedded broker, hosting it if none runs.
   */
  public static EventBus connect(BenchlakeHome home, Optional<String> bootstrap) {
    return connect(home, bootstrap, Optional.empty());
  }

  /**
   * As {@link #connect(BenchlakeHome, Optional)}, hosting the embedded broker on {@code port} when
   * this process hosts it and the user chose one.
   */
  public static EventBus connect(
      BenchlakeHome home, Optional<String> bootstrap, Optional<Integer> port) {
    return connect(home, bootstrap, port, new Topics.Layout(1, (short) 0));
  }

  /**
   * As {@link #connect(BenchlakeHome, Optional, Optional)}; on a cluster, missing topics are
   * created with {@code layout}, and an events topic that would expire events is refused.
   */
  public static EventBus connect(
      BenchlakeHome home,
      Optional<String> bootstrap,
      Optional<Integer> port,
      Topics.Layout layout) {
    if (bootstrap.isPresent()) {
      String servers = bootstrap.get();
      try (Admin admin =
          Admin.create(
              Map.of(
                  AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                  servers,
                  AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                  30_000))) {
        int brokers = requireReachable(admin, servers);
        Topics.ensure(admin, layout.partitions(), layout.replicationOn(brokers));
        Topics.requireKeptForever(admin, servers);
      }
      return new EventBus(servers, null, null, null);
    }
    Path kafkaDir = home.kafka();
    try {
      Files.createDirectories(kafkaDir);
      FileChannel channel =
          FileChannel.open(
              kafkaDir.resolve("host.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock = tryLock(channel);
      if (lock != null) {
        EmbeddedBroker broker;
        try {
          broker = EmbeddedBroker.start(kafkaDir, port);
        } catch (RuntimeException e) {
          channel.close();
          throw e;
        }
        new BrokerEndpoint(broker.bootstrap(), ProcessHandle.current().pid()).write(kafkaDir);
        return new EventBus(broker.bootstrap(), broker, channel, kafkaDir);
      }
      channel.close();
      return new EventBus(waitForHost(kafkaDir).bootstrap(), null, null, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The number of brokers of the cluster; one that does not answer within {@link #REACH_TIMEOUT_S}
   * s is a user mistake.
   */
  private static int requireReachable(Admin admin, String servers) {
    try {
      return admin
          .describeCluster(
              new org.apache.kafka.clients.admin.DescribeClusterOptions()
                  .timeoutMs(REACH_TIMEOUT_S * 1000))
          .nodes()
          .get(REACH_TIMEOUT_S + 5, java.util.concurrent.TimeUnit.SECONDS)
          .size();
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      admin.close(java.time.Duration.ZERO); // do not wait for the request that cannot finish
      throw new io.benchlake.home.BadInputException(
          "no Kafka broker answered at "
              + servers
              + " within "
              + REACH_TIMEOUT_S
              + " s (check --bootstrap)");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BusException("interrupted while reaching " + servers, e);
    }
  }

  public String bootstrap() {
    return bootstrap;
  }

  /** Whether this process hosts the embedded broker (and so stops it on close). */
  public boolean hostsBroker() {
    return hosted != null;
  }

  @Override
  public void close() {
    if (hosted == null) {
      return;
    }
    BrokerEndpoint.delete(kafkaDir);
    hosted.close();
    try {
      lockChannel.close();
    } catch (IOException e) {
      LOG.warn("cannot release the broker lock", e);
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
        Thread.sleep(200);
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
