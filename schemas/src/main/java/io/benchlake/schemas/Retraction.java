package io.benchlake.schemas;

import java.time.Instant;
import java.util.List;

/**
 * A run taken back: an importer read its source again and now reads it differently
 * (docs/architecture.md, Corrections). Views drop every row of a retracted run; {@code replacedBy}
 * names the runs the new reading published (none when it has none), so that a later import of
 * another report of the same run finds where it now lives. {@code runId} is the retracted run's, so
 * the retraction is ordered after that run's events in the log, and {@code startedAt} its start
 * (its month).
 */
public record Retraction(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    String reason,
    List<String> replacedBy,
    List<String> sourceFiles)
    implements Event {

  @Override
  public EventKind eventKind() {
    return EventKind.RETRACTION;
  }

  public Retraction {
    Event.requireText(eventId, "event_id");
    Event.requireText(runId, "run_id");
    Event.require(emittedAt, "emitted_at");
    Event.require(startedAt, "started_at");
    Event.requireText(reason, "reason");
    schema = schema == null ? EventKind.RETRACTION.schemaId() : schema;
    replacedBy = replacedBy == null ? List.of() : List.copyOf(replacedBy);
    sourceFiles = sourceFiles == null ? List.of() : List.copyOf(sourceFiles);
  }
}
