package io.benchlake.schemas;

import java.time.Instant;

/** What the run ran on: the host and the database server. */
public record EnvironmentSnapshot(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    HostFacts host,
    DatabaseFacts database)
    implements Event {

  @Override
  public EventKind eventKind() {
    return EventKind.ENVIRONMENT_SNAPSHOT;
  }

  public EnvironmentSnapshot {
    Event.requireText(eventId, "event_id");
    Event.requireText(runId, "run_id");
    Event.require(emittedAt, "emitted_at");
    Event.require(startedAt, "started_at");
    Event.require(host, "host");
    Event.require(database, "database");
    schema = schema == null ? EventKind.ENVIRONMENT_SNAPSHOT.schemaId() : schema;
  }
}
