package io.benchlake.bus;

import io.benchlake.home.Ports;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.Feature;
import org.apache.kafka.server.common.MetadataVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One KRaft node (broker and controller in one) inside this JVM, on 127.0.0.1 only, its log kept
 * under the given directory so that events survive a restart.
 */
public final class EmbeddedBroker implements AutoCloseable {
  /**
   * Partitions of the events topic this broker creates: two, so that the ingest's two slots each
   * read and parse one, with no exchange between readers and parsers (a run's events share one).
   */
  static final int EVENT_PARTITIONS = 2;

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedBroker.class);
  private static final int NODE_ID = 1;
  private static final String PORTS_FILE = "ports.properties";

  private final KafkaRaftServer server;
  private final String bootstrap;
  private final Path logDir;
  private boolean stopped;

  /** The thread of Kafka's start, interrupted if a fatal fault stops the broker while it starts. */
  private final StartingThread starting = new StartingThread();

  private EmbeddedBroker(KafkaRaftServer server, String bootstrap, Path logDir) {
    this.server = server;
    this.bootstrap = bootstrap;
    this.logDir = logDir;
  }

  /** Formats the log directory on first use, starts the node and creates the topics. */
  public static EmbeddedBroker start(Path kafkaDir) {
    return start(kafkaDir, Optional.empty());
  }

  /** As {@link #start(Path)}, on a port the user chose: "already taken" is their mistake. */
  public static EmbeddedBroker start(Path kafkaDir, Optional<Integer> brokerPort) {
    BrokerFaults.hold(); // Kafka may end the process from its first step on
    EmbeddedBroker broker;
    try {
      broker = create(kafkaDir, brokerPort);
    } catch (RuntimeException | Error e) {
      BrokerFaults.release(); // no broker: nothing will close and release
      throw e;
    }
    broker.starting.begin(Thread.currentThread()); // before a fault can come, to be interrupted
    BrokerFaults.watch(broker); // from here on a fatal fault stops the broker, not this JVM
    try {
      try {
        broker.server.startup();
        try (Admin admin =
            Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap))) {
          admin.describeCluster().nodes().get(60, TimeUnit.SECONDS);
          Topics.ensure(admin, EVENT_PARTITIONS, (short) 1);
        }
      } finally {
        broker.starting.end(); // however the start ended, a later fault interrupts nobody
      }
    } catch (Exception e) {
      broker.close();
      String why =
          BrokerFaults.describe(broker.bootstrap)
              .orElse("the embedded Kafka broker did not start: " + e.getMessage());
      throw new BusException(why, e);
    }
    Optional<String> fault = BrokerFaults.describe(broker.bootstrap); // one just after the start
    if (fault.isPresent()) {
      broker.close();
      throw new BusException(fault.get());
    }
    LOG.info("embedded Kafka broker listening on {}, log in {}", broker.bootstrap, broker.logDir);
    return broker;
  }

  /** Ends a start that is under way (after a fatal fault): Kafka's waits in it are interrupted. */
  void interruptStart() {
    starting.interrupt();
  }

  /** The broker's node, configured on its log directory and ports, not started. */
  private static EmbeddedBroker create(Path kafkaDir, Optional<Integer> brokerPort) {
    Path logDir = kafkaDir.resolve("data").toAbsolutePath();
    try {
      Files.createDirectories(logDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    brokerPort.ifPresent(p -> Ports.requireFree(p, "--kafka-port"));
    int[] ports =
        brokerPort.isPresent()
            ? new int[] {brokerPort.get(), Ports.freeLoopbackPort()}
            : choosePorts(kafkaDir);
    String bootstrap = "127.0.0.1:" + ports[0];
    Properties props = new Properties();
    props.put("process.roles", "broker,controller");
    props.put("node.id", String.valueOf(NODE_ID));
    props.put("controller.quorum.voters", NODE_ID + "@127.0.0.1:" + ports[1]);
    props.put(
        "listeners", "PLAINTEXT://127.0.0.1:" + ports[0] + ",CONTROLLER://127.0.0.1:" + ports[1]);
    props.put("advertised.listeners", "PLAINTEXT://" + bootstrap);
    props.put("controller.listener.names", "CONTROLLER");
    props.put("inter.broker.listener.name", "PLAINTEXT");
    props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    props.put("log.dirs", logDir.toString());
    props.put("num.partitions", "1");
    props.put("offsets.topic.replication.factor", "1");
    props.put("offsets.topic.num.partitions", "1");
    props.put("transaction.state.log.replication.factor", "1");
    props.put("transaction.state.log.min.isr", "1");
    props.put("transaction.state.log.num.partitions", "1");
    props.put("share.coordinator.state.topic.replication.factor", "1");
    props.put("share.coordinator.state.topic.min.isr", "1");
    props.put("group.initial.rebalance.delay.ms", "0");
    props.put("auto.create.topics.enable", "false");
    KafkaConfig config = new KafkaConfig(props, false);
    formatIfNew(logDir);
    return new EmbeddedBroker(new KafkaRaftServer(config, Time.SYSTEM), bootstrap, logDir);
  }

  public String bootstrap() {
    return bootstrap;
  }

  /** Where the broker keeps its log. */
  public Path logDir() {
    return logDir;
  }

  @Override
  public synchronized void close() {
    if (stopped) {
      return;
    }
    stopped = true;
    BrokerFaults.forget(this);
    try {
      server.shutdown();
      server.awaitShutdown();
    } catch (RuntimeException e) {
      // A broker stopped after a fatal fault may fail to stop cleanly; it is stopped either way.
      LOG.warn("the embedded Kafka broker did not stop cleanly: {}", e.toString());
    } finally {
      BrokerFaults.release();
    }
    LOG.info("embedded Kafka broker stopped");
  }

  @Override
  public String toString() {
    return "embedded broker at " + bootstrap + " (log in " + logDir + ")";
  }

  private static void formatIfNew(Path logDir) {
    if (Files.exists(logDir.resolve("meta.properties"))) {
      return;
    }
    format(logDir, NODE_ID, Uuid.randomUuid().toString());
  }

  /** Formats a KRaft node's log directory as node {@code nodeId} of cluster {@code clusterId}. */
  public static void format(Path logDir, int nodeId, String clusterId) {
    try (PrintStream quiet = new PrintStream(OutputStream.nullOutputStream())) {
      new Formatter()
          .setPrintStream(quiet)
          .setNodeId(nodeId)
          .setClusterId(clusterId)
          .setDirectories(List.of(logDir.toString()))
          .setMetadataLogDirectory(logDir.toString())
          .setControllerListenerName("CONTROLLER")
          .setSupportedFeatures(Feature.PRODUCTION_FEATURES)
          .setReleaseVersion(MetadataVersion.latestProduction())
          .run();
    } catch (Exception e) {
      throw new BusException("cannot format the Kafka log in " + logDir + ": " + e.getMessage(), e);
    }
  }

  /** The ports of the last start if they are still free (a stable address), else new ones. */
  private static int[] choosePorts(Path kafkaDir) {
    Path file = kafkaDir.resolve(PORTS_FILE);
    try {
      if (Files.exists(file)) {
        Properties saved = new Properties();
        saved.load(Files.newBufferedReader(file, StandardCharsets.UTF_8));
        int broker = Integer.parseInt(saved.getProperty("broker", "0"));
        int controller = Integer.parseInt(saved.getProperty("controller", "0"));
        if (isFree(broker) && isFree(controller)) {
          return new int[] {broker, controller};
        }
      }
      int[] ports = {Ports.freeLoopbackPort(), Ports.freeLoopbackPort()};
      while (ports[1] == ports[0]) {
        ports[1] = Ports.freeLoopbackPort();
      }
      Files.writeString(
          file, "broker=" + ports[0] + "\ncontroller=" + ports[1] + "\n", StandardCharsets.UTF_8);
      return ports;
    } catch (IOException | NumberFormatException e) {
      throw new BusException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  private static boolean isFree(int port) {
    if (port <= 0) {
      return false;
    }
    try {
      Ports.requireFree(port, "kafka");
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }
}
