package io.benchlake.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every record the sealed {@link Event} permits is one {@link EventKind} and says so, its events
 * round-trip through the codec with every field set, and the factory that moves one to another run
 * keeps all but its ids.
 */
class EventKindsTest {
  private final EventCodec codec = new EventCodec();

  @Test
  void everyPermittedEventTypeIsAKindAndEveryKindAPermittedType() {
    Set<Class<?>> permitted = Set.of(Event.class.getPermittedSubclasses());
    Set<Class<?>> kinds =
        Arrays.stream(EventKind.values()).map(EventKind::type).collect(Collectors.toSet());
    assertEquals(permitted, kinds);
  }

  @ParameterizedTest
  @EnumSource(EventKind.class)
  void anEventWithEveryFieldSetIsItsKindAndRoundTrips(EventKind kind) throws Exception {
    Event event = TestEvents.everyFieldSet(kind);
    assertEquals(kind, event.eventKind());
    assertEquals(kind.type(), event.getClass());
    byte[] json = codec.encode(event);
    assertFalse(
        new String(json, java.nio.charset.StandardCharsets.UTF_8).contains("event_kind"),
        "the kind is not a field");
    assertEquals(event, codec.decode(json));
  }

  @ParameterizedTest
  @EnumSource(EventKind.class)
  void anEventMovedToAnotherRunKeepsEveryFieldButItsIds(EventKind kind) {
    Event event = TestEvents.everyFieldSet(kind);
    Event moved = EventEnvelope.movedTo(event, "run-9").around(event);
    assertEquals("run-9", moved.runId());
    assertEquals(EventIds.derived(event.eventId(), "run-9"), moved.eventId());
    ObjectNode before = EventCodec.mapper().valueToTree(event);
    ObjectNode after = EventCodec.mapper().valueToTree(moved);
    before.put("run_id", "run-9").put("event_id", moved.eventId());
    assertEquals(before, after);
  }
}
