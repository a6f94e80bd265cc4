package io.benchlake.schemas;

import java.time.Instant;

/** A run ends: completed, failed (the server or the benchmark broke) or aborted (the user). */
public record RunFinished(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    Status status,
    String error)
    implements Event {

  /** How a run ended. */
  public enum Status {
    completed,
    failed,
    aborted
  }

  public RunFinished {
    Event.requireText(eventId, "event_id");
    Event.requireText(runId, "run_id");
    Event.require(emittedAt, "emitted_at");
    Event.require(startedAt, "started_at");
    Event.require(status, "status");
    schema = schema == null ? EventKind.RUN_FINISHED.schemaId() : schema;
  }
}
