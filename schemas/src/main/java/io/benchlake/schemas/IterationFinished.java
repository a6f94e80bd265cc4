package io.benchlake.schemas;

import java.time.Instant;
import java.util.List;

/** The totals of one iteration as the tool saw them. */
public record IterationFinished(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    int threads,
    int iteration,
    Status status,
    Double measuredS,
    List<IterationValue> values,
    List<TransactionTiming> timings)
    implements Event {

  /** Whether the iteration produced a result that statistics may use. */
  public enum Status {
    completed,
    failed
  }

  public IterationFinished {
    Event.requireText(eventId, "event_id");
    Event.requireText(runId, "run_id");
    Event.require(emittedAt, "emitted_at");
    Event.require(startedAt, "started_at");
    Event.require(status, "status");
    values = values == null ? List.of() : List.copyOf(values);
    timings = timings == null ? List.of() : List.copyOf(timings);
    schema = schema == null ? EventKind.ITERATION_FINISHED.schemaId() : schema;
  }
}
