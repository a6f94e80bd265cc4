package io.benchlake.schemas;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.time.Instant;

/**
 * One fact in the event log: a Kafka record keyed by {@link #runId()}. Every kind is a record
 * permitted here and names its {@link EventKind}, so that a switch over the kind without a default
 * does not compile until it handles a new one (CONTRIBUTING.md, Adding an event kind).
 */
public sealed interface Event
    permits RunStarted,
        EnvironmentSnapshot,
        Sample,
        IterationFinished,
        RunFinished,
        Annotation,
        SourceStatistics,
        Alias,
        Retraction,
        RunSource,
        Acknowledgement,
        Alert,
        AlertState {

  /** Which kind of event this is; not a field of the event (the schema names it). */
  @JsonIgnore
  EventKind eventKind();

  /** The schema name and version, e.g. {@code benchlake.sample/1}. */
  String schema();

  String eventId();

  String runId();

  Instant emittedAt();

  /** When the run began: it names the warehouse month every event of the run lands in. */
  Instant startedAt();

  static void require(Object value, String field) {
    if (value == null) {
      throw new IllegalArgumentException(field + " is required");
    }
  }

  static void requireText(String value, String field) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(field + " is required");
    }
  }
}
