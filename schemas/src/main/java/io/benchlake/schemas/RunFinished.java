package io.benchlake.schemas;

import java.time.Instant;
import java.util.List;

/**
 * A run ends: completed, failed (the server or the benchmark broke) or aborted (the user). {@code
 * properties} are what was only known at the end (TPROC-C's "Checksum after run"); reports show
 * them after run_started's.
 */
public record RunFinished(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    Status status,
    String error,
    List<Property> properties)
    implements Event {

  @Override
  public EventKind eventKind() {
    return EventKind.RUN_FINISHED;
  }

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
    properties = properties == null ? List.of() : List.copyOf(properties);
  }

  /** A run end that learnt no properties. */
  public RunFinished(
      String schema,
      String eventId,
      String runId,
      Instant emittedAt,
      Instant startedAt,
      Status status,
      String error) {
    this(schema, eventId, runId, emittedAt, startedAt, status, error, List.of());
  }
}
