package io.benchlake.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.RunFinished;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
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

  /** Every event of the topic, partition by partition. */
  static List<String> readAll(String bootstrap) {
    List<String> values = new ArrayList<>();
    EventLog.readAll(bootstrap, v -> values.add(new String(v, StandardCharsets.UTF_8)));
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
      for (String id : List.of("a", "b", "c")) {
        assertTrue(all.stream().anyMatch(v -> v.contains("\"event_id\":\"" + id + "\"")), id);
      }
      assertEquals(EmbeddedBroker.EVENT_PARTITIONS, EventLog.endOffsets(bus.bootstrap()).size());
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
