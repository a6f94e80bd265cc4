package io.benchlake.bus;

import io.benchlake.home.BenchlakeHome;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * A connection to the event log: a user-given cluster, the embedded broker another benchlake
 * process hosts, or one this process hosts (docs/architecture.md, Broker ownership).
 */
public final class EventBus implements AutoCloseable {
  static final int REACH_TIMEOUT_S = 15;
  private final String bootstrap;
  private final BrokerRole embedded;

  private EventBus(String bootstrap, BrokerRole embedded) {
    this.bootstrap = bootstrap;
    this.embedded = embedded;
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
      return new EventBus(servers, null);
    }
    BrokerRole role = BrokerRole.join(home.kafka(), port);
    return new EventBus(role.bootstrap(), role);
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

  /**
   * Whether this process hosts the embedded broker now (and so stops it on close); a client becomes
   * the host when the host ends first.
   */
  public boolean hostsBroker() {
    return embedded != null && embedded.hosts();
  }

  @Override
  public void close() {
    if (embedded != null) {
      embedded.close();
    }
  }
}
