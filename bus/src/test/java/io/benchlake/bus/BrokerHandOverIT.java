package io.benchlake.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.RunFinished;
import io.benchlake.testing.Await;
import io.benchlake.testing.ChildJvm;
import io.benchlake.testing.TestDirs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The process hosting the embedded broker may end before a process that uses it: the user's broker
 * lives on in that process, at the same address, with every event.
 */
class BrokerHandOverIT {
  private static RunFinished event(String id) {
    Instant now = Instant.now();
    return new RunFinished(null, id, "run-" + id, now, now, RunFinished.Status.completed, null);
  }

  @Test
  void aClientTakesTheBrokerOverWhenItsHostIsKilled() throws Exception {
    BenchlakeHome home = new BenchlakeHome(TestDirs.fresh("hand-over"));
    ChildJvm host = ChildJvm.start(Host.class, home.root().toString());
    host.await("HOSTING");
    try (EventBus bus = EventBus.connect(home, Optional.empty());
        EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
      assertFalse(bus.hostsBroker());
      publisher.publish(event("before"));
      publisher.flush();
      host.kill();
      Await.until(bus::hostsBroker, Duration.ofSeconds(60), "this process to host the broker");
      assertEquals(
          bus.bootstrap(), BrokerEndpoint.readLive(home.kafka()).orElseThrow().bootstrap());
      publisher.publish(event("after")); // the same producer, reconnected
      publisher.flush();
      List<String> ids = new ArrayList<>();
      EventLog.readAll(bus.bootstrap(), v -> ids.add(id(v)));
      assertEquals(List.of("after", "before"), ids.stream().sorted().toList());
    }
  }

  /**
   * A verb run in the process that hosts the broker joins it as a client; when that client is done,
   * the process still holds the host's lock (POSIX locks are the process's: a client that opened
   * and closed the lock file of its own released it), so another process joins as a client instead
   * of starting a second broker on the directory in use; once the host closes, the next one hosts.
   */
  @Test
  void aClientInTheHostsOwnProcessLeavesTheHostsLockHeld() throws Exception {
    BenchlakeHome home = new BenchlakeHome(TestDirs.fresh("own-client"));
    try (EventBus host = EventBus.connect(home, Optional.empty())) {
      assertTrue(host.hostsBroker());
      try (EventBus client = EventBus.connect(home, Optional.empty());
          EventPublisher publisher = new EventPublisher(client.bootstrap())) {
        assertFalse(client.hostsBroker());
        assertEquals(host.bootstrap(), client.bootstrap());
        publisher.publish(event("from-a-client"));
        publisher.flush();
      }
      ChildJvm other = ChildJvm.start(Host.class, home.root().toString());
      try {
        other.await("NOT HOSTING");
      } finally {
        other.kill();
      }
      assertTrue(host.hostsBroker());
      List<String> ids = new ArrayList<>();
      EventLog.readAll(host.bootstrap(), v -> ids.add(id(v)));
      assertEquals(List.of("from-a-client"), ids);
    }
    ChildJvm next = ChildJvm.start(Host.class, home.root().toString());
    try {
      next.await("HOSTING");
    } finally {
      next.kill();
    }
  }

  private static String id(byte[] value) {
    String json = new String(value, StandardCharsets.UTF_8);
    int at = json.indexOf("\"event_id\":\"") + 12;
    return json.substring(at, json.indexOf('"', at));
  }

  /** Hosts the home's broker until killed. */
  public static final class Host {
    public static void main(String[] args) throws Exception {
      try (EventBus bus = EventBus.connect(new BenchlakeHome(Path.of(args[0])), Optional.empty())) {
        System.out.println(bus.hostsBroker() ? "HOSTING" : "NOT HOSTING");
        System.in.read();
      }
    }
  }
}
