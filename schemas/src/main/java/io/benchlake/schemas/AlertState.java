package io.benchlake.schemas;

import java.time.Instant;

/**
 * A person's triage of an alert ({@code runId} is the alert id, so it shares the alert's
 * partition): acknowledged (seen, e.g. a known bug), invalid (a false alert), fixed, wontfix, or
 * reopened (untriaged again), with a link (URL or ticket) and a note. The newest stands; nothing is
 * deleted. {@code startedAt} is the alert's first raise, the month its events land in.
 */
public record AlertState(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    State state,
    String link,
    String note,
    String author)
    implements Event {

  @Override
  public EventKind eventKind() {
    return EventKind.ALERT_STATE;
  }

  /** The triage states a person sets. */
  public enum State {
    acknowledged,
    invalid,
    fixed,
    wontfix,
    reopened
  }

  public AlertState {
    Event.requireText(eventId, "event_id");
    Event.requireText(runId, "run_id");
    Event.require(emittedAt, "emitted_at");
    Event.require(startedAt, "started_at");
    Event.require(state, "state");
    schema = schema == null ? EventKind.ALERT_STATE.schemaId() : schema;
  }
}
