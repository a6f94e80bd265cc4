package io.benchlake.alerts;

import io.benchlake.bus.EventPublisher;
import io.benchlake.schemas.Event;
import java.util.List;

/**
 * Publishes alert and triage events, then makes them visible: the small ingest the caller runs (or
 * the wait for a running follow's commit past them), so the next read shows them.
 */
public final class AlertLog {
  /** How the events just published reach the warehouse (an ingest, or a follow's commit). */
  @FunctionalInterface
  public interface Visibility {
    void makeVisible() throws Exception;
  }

  private AlertLog() {}

  /** Publishes every event (each acknowledged by Kafka) and then makes them visible. */
  public static void publish(String bootstrap, List<? extends Event> events, Visibility visibility)
      throws Exception {
    if (events.isEmpty()) {
      return;
    }
    try (EventPublisher publisher = new EventPublisher(bootstrap)) {
      events.forEach(publisher::publish);
      publisher.flush();
    }
    visibility.makeVisible();
  }
}
