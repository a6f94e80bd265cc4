package io.benchlake.schemas;

import java.time.Instant;

/**
 * A refused event (a dead letter) acknowledged: someone looked at it and accepts that it stays out
 * of the warehouse. Ingests and rebuilds no longer refuse it again (nor exit 4 for it). {@code
 * origin} is where the refused event is in the log ({@code benchlake.events/PARTITION@OFFSET}); the
 * event id is derived from it, so acknowledging twice adds nothing.
 */
public record Acknowledgement(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    String origin,
    String note)
    implements Event {

  @Override
  public EventKind eventKind() {
    return EventKind.ACKNOWLEDGEMENT;
  }

  /** The run id every acknowledgement is keyed by: they stay in one partition, in order. */
  public static final String RUN_ID = "dead-letters";

  public Acknowledgement {
    Event.requireText(eventId, "event_id");
    Event.requireText(runId, "run_id");
    Event.require(emittedAt, "emitted_at");
    Event.require(startedAt, "started_at");
    Event.requireText(origin, "origin");
    schema = schema == null ? EventKind.ACKNOWLEDGEMENT.schemaId() : schema;
  }

  /** The acknowledgement of the dead letter from {@code origin}, made {@code now}. */
  public static Acknowledgement of(String origin, String note, Instant now) {
    return new Acknowledgement(
        null,
        EventIds.derived("acknowledgement", origin, now.toString()),
        RUN_ID,
        now,
        now,
        origin,
        note);
  }
}
