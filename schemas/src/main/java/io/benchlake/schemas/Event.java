package io.benchlake.schemas;

import java.time.Instant;

/** One fact in the event log: a Kafka record keyed by {@link #runId()}. */
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
