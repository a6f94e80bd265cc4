package io.benchlake.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.Event;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * An import killed inside its transaction holds no later one back: the next publisher of the home
 * fences it. A live publisher's transaction is left alone, and readers are told what it holds back.
 */
class OpenTransactionIT {
  /** One run's events, so that they share a partition with those of the other publisher. */
  private static List<Event> events(String prefix, int n) {
    Instant now = Instant.now();
    List<Event> events = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      events.add(
          new RunFinished(
              null, prefix + i, "run-shared", now, now, RunFinished.Status.completed, null));
    }
    return events;
  }

  private static List<String> committedIds(String bootstrap) {
    List<String> ids = new ArrayList<>();
    EventLog.readAll(
        bootstrap,
        v -> {
          String json = new String(v, StandardCharsets.UTF_8);
          int at = json.indexOf("\"event_id\":\"") + 12;
          ids.add(json.substring(at, json.indexOf('"', at)));
        });
    return ids;
  }

  @Test
  void aKilledImportsTransactionIsFencedByTheNextImport() throws Exception {
    BenchlakeHome home = new BenchlakeHome(TestDirs.fresh("killed-import"));
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      ChildJvm killed = ChildJvm.start(OpenPublisher.class, home.root().toString(), "dead-");
      killed.await("OPEN");
      assertFalse(EventLog.heldBack(bus.bootstrap()).isEmpty(), "the transaction is open");
      assertTrue(EventLog.heldBackNotice(bus.bootstrap()).orElseThrow().contains("held back"));
      killed.kill();
      assertFalse(
          EventLog.heldBack(bus.bootstrap()).isEmpty(), "the kill alone ends no transaction");

      boolean visible;
      try (TransactionalPublisher next = new TransactionalPublisher(bus.bootstrap(), home)) {
        visible = next.publishAll(events("next-", 3));
      }
      // visible means within publishAll's 10 s: the dead transaction was fenced, not left to the
      // broker's transaction timeout (Kafka's default transaction.timeout.ms, 60 s)
      assertTrue(visible, "readers see the next import at once");
      assertEquals(Optional.empty(), EventLog.heldBackNotice(bus.bootstrap()));
      assertEquals(List.of("next-0", "next-1", "next-2"), committedIds(bus.bootstrap()));
      assertEquals(
          List.of(), PublisherRegistry.fenceDead(PublisherRegistry.dir(home), bus.bootstrap()));
    }
  }

  @Test
  void aLiveImportKeepsItsTransactionWhileAnotherPublishes() throws Exception {
    BenchlakeHome home = new BenchlakeHome(TestDirs.fresh("live-import"));
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      ChildJvm live = ChildJvm.start(OpenPublisher.class, home.root().toString(), "live-");
      live.await("OPEN");
      CompletableFuture<Boolean> second =
          CompletableFuture.supplyAsync(
              () -> {
                try (TransactionalPublisher p = new TransactionalPublisher(bus.bootstrap(), home)) {
                  return p.publishAll(events("second-", 2));
                }
              });
      // The second import is committed, but waits behind the open transaction ...
      Await.until(
          () -> EventLog.heldBack(bus.bootstrap()).values().stream().mapToLong(x -> x).sum() >= 5,
          Duration.ofSeconds(30),
          "the second import's 2 events held back behind the live transaction's 3");
      assertFalse(second.isDone(), "held back by the live transaction");
      live.tell("commit");
      assertEquals("COMMITTED", live.await("COMMITTED"), "the live publisher was not fenced");
      assertTrue(second.get(30, TimeUnit.SECONDS), "... until that transaction commits");
      assertTrue(live.process().waitFor(30, TimeUnit.SECONDS));
      assertEquals(0, live.process().exitValue());
      List<String> ids = committedIds(bus.bootstrap());
      assertEquals(List.of("live-0", "live-1", "live-2", "second-0", "second-1"), ids);
    }
  }

  /** A publisher of the home that leaves its transaction open until told to commit. */
  public static final class OpenPublisher {
    public static void main(String[] args) throws Exception {
      BenchlakeHome home = new BenchlakeHome(Path.of(args[0]));
      try (EventBus bus = EventBus.connect(home, Optional.empty());
          TransactionalPublisher publisher = new TransactionalPublisher(bus.bootstrap(), home)) {
        publisher.sendInTransaction(events(args[1], 3));
        System.out.println("OPEN");
        var in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in));
        if ("commit".equals(in.readLine())) {
          publisher.commit();
          System.out.println("COMMITTED");
        }
      }
    }
  }
}
