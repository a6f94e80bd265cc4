package io.benchlake.schemas;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The totals of one iteration as the tool saw them; loadgen adds the server's numeric global status
 * counters read just before and just after it ({@code statusBefore}, {@code statusAfter}).
 */
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
    List<TransactionTiming> timings,
    Map<String, Long> statusBefore,
    Map<String, Long> statusAfter)
    implements Event {

  @Override
  public EventKind eventKind() {
    return EventKind.ITERATION_FINISHED;
  }

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
    statusBefore = statusBefore == null ? null : new TreeMap<>(statusBefore);
    statusAfter = statusAfter == null ? null : new TreeMap<>(statusAfter);
    schema = schema == null ? EventKind.ITERATION_FINISHED.schemaId() : schema;
  }

  /** An iteration without the server's status counters (imports, tests). */
  public IterationFinished(
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
      List<TransactionTiming> timings) {
    this(
        schema, eventId, runId, emittedAt, startedAt, threads, iteration, status, measuredS, values,
        timings, null, null);
  }
}
