package io.benchlake.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.RunFinished;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

class EmbeddedBrokerIT {

  private static BenchlakeHome freshHome(String name) throws Exception {
    Path dir =
        Path.of(
            System.getProperty("benchlake.test.home", "target/it-home"),
            name + "-" + System.nanoTime());
    Files.createDirectories(dir);
    return new BenchlakeHome(dir);
  }

  private static RunFinished event(String id) {
    Instant now = Instant.now();
    return new RunFinished(null, id, "run-" + id, now, now, RunFinished.Status.completed, null);
  }

  static List<String> readAll(String bootstrap) {
    List<String> values = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(
            EventLog.readerConfig(bootstrap), new StringDeserializer(), new StringDeserializer())) {
      TopicPartition tp = new TopicPartition(Topics.EVENTS, 0);
      consumer.assign(List.of(tp));
      consumer.seekToBeginning(List.of(tp));
      long end = consumer.endOffsets(List.of(tp)).get(tp);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (consumer.position(tp) < end && System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
          values.add(r.value());
        }
      }
    }
    return values;
  }

  @Test
  void eventsSurviveAStopAndARestart() throws Exception {
    BenchlakeHome home = freshHome("restart");
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      assertTrue(bus.hostsBroker());
      assertTrue(bus.bootstrap().startsWith("127.0.0.1:"));
      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        publisher.publish(event("a"));
        publisher.publish(event("b"));
      }
    }
    assertFalse(
        Files.exists(home.kafka().resolve(BrokerEndpoint.FILE)), "endpoint removed on stop");
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
        publisher.publish(event("c"));
      }
      List<String> all = readAll(bus.bootstrap());
      assertEquals(3, all.size(), all.toString());
      assertTrue(all.get(0).contains("\"event_id\":\"a\""));
      assertTrue(all.get(2).contains("\"event_id\":\"c\""));
      assertEquals(
          List.of(0L),
          List.copyOf(
              EventLog.endOffsets(bus.bootstrap()).keySet().stream().map(Long::valueOf).toList()));
    }
  }

  @Test
  void aSecondProcessConnectsToTheRunningBroker() throws Exception {
    BenchlakeHome home = freshHome("second");
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process child =
          new ProcessBuilder(
                  java,
                  "-cp",
                  System.getProperty("java.class.path"),
                  SecondProcess.class.getName(),
                  home.root().toString())
              .redirectErrorStream(true)
              .redirectOutput(new File(home.root().resolve("child.log").toString()))
              .start();
      assertTrue(child.waitFor(90, TimeUnit.SECONDS), "child finished");
      String log = Files.readString(home.root().resolve("child.log"));
      assertEquals(0, child.exitValue(), log);
      assertTrue(log.contains("client of " + bus.bootstrap()), log);
      List<String> all = readAll(bus.bootstrap());
      assertEquals(1, all.size());
      assertTrue(all.get(0).contains("from-child"));
    }
  }

  /** The second benchlake process: connects through the endpoint file and publishes one event. */
  public static final class SecondProcess {
    public static void main(String[] args) {
      try (EventBus bus = EventBus.connect(new BenchlakeHome(Path.of(args[0])), Optional.empty())) {
        if (bus.hostsBroker()) {
          System.out.println("wrongly hosted a second broker");
          System.exit(3);
        }
        System.out.println("client of " + bus.bootstrap());
        try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
          publisher.publish(event("from-child"));
        }
      }
    }
  }
}
