package io.benchlake.it;

import io.benchlake.bus.EmbeddedBroker;
import io.benchlake.home.Ports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;

/** A KRaft cluster of N combined broker + controller nodes in this JVM, on 127.0.0.1. */
final class KafkaTestCluster implements AutoCloseable {
  private final List<KafkaRaftServer> nodes = new ArrayList<>();
  private final List<Boolean> running = new ArrayList<>();
  private final String bootstrap;

  KafkaTestCluster(Path dir, int size) throws Exception {
    int[] brokerPorts = IntStream.range(0, size).map(i -> Ports.freeLoopbackPort()).toArray();
    int[] controllerPorts = IntStream.range(0, size).map(i -> Ports.freeLoopbackPort()).toArray();
    String voters =
        IntStream.range(0, size)
            .mapToObj(i -> (i + 1) + "@127.0.0.1:" + controllerPorts[i])
            .collect(Collectors.joining(","));
    String clusterId = Uuid.randomUuid().toString();
    for (int i = 0; i < size; i++) {
      Path logDir = dir.resolve("node-" + (i + 1));
      Files.createDirectories(logDir);
      Properties p = new Properties();
      p.put("process.roles", "broker,controller");
      p.put("node.id", String.valueOf(i + 1));
      p.put("controller.quorum.voters", voters);
      p.put(
          "listeners",
          "PLAINTEXT://127.0.0.1:"
              + brokerPorts[i]
              + ",CONTROLLER://127.0.0.1:"
              + controllerPorts[i]);
      p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPorts[i]);
      p.put("controller.listener.names", "CONTROLLER");
      p.put("inter.broker.listener.name", "PLAINTEXT");
      p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
      p.put("log.dirs", logDir.toString());
      p.put("offsets.topic.replication.factor", String.valueOf(Math.min(3, size)));
      p.put("transaction.state.log.replication.factor", String.valueOf(Math.min(3, size)));
      p.put("transaction.state.log.min.isr", "1");
      p.put("min.insync.replicas", "2");
      p.put("group.initial.rebalance.delay.ms", "0");
      p.put("auto.create.topics.enable", "false");
      EmbeddedBroker.format(logDir, i + 1, clusterId);
      nodes.add(new KafkaRaftServer(new KafkaConfig(p, false), Time.SYSTEM));
      running.add(false);
    }
    // Start them together: each controller waits for a quorum of the others.
    List<Thread> starting = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      int n = i;
      Thread t =
          new Thread(
              () -> {
                nodes.get(n).startup();
                running.set(n, true);
              });
      t.start();
      starting.add(t);
    }
    for (Thread t : starting) {
      t.join(120_000);
    }
    bootstrap =
        IntStream.of(brokerPorts)
            .mapToObj(port -> "127.0.0.1:" + port)
            .collect(Collectors.joining(","));
  }

  String bootstrap() {
    return bootstrap;
  }

  /** Stops one node (numbered from 1), as a broker that dies would. */
  void stop(int node) {
    KafkaRaftServer server = nodes.get(node - 1);
    server.shutdown();
    server.awaitShutdown();
    running.set(node - 1, false);
  }

  /**
   * Stops the nodes still running all at once: one by one, the last ones would lose the controller
   * quorum and wait out their controlled shutdown.
   */
  @Override
  public void close() {
    List<Thread> stopping = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      if (running.get(i)) {
        int node = i + 1;
        Thread t = new Thread(() -> stop(node));
        t.start();
        stopping.add(t);
      }
    }
    for (Thread t : stopping) {
      try {
        t.join(120_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
