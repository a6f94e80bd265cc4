package io.benchlake.schemas;

import java.time.Instant;

/**
 * A person's verdict on results: a run, one thread count of it, or one iteration, is left out of
 * statistics ({@code exclude}) or taken back in ({@code include}), with the reason. {@code threads}
 * and {@code iteration} narrow it (null: every one); for one annotated scope the newest annotation
 * stands. {@code startedAt} is the run's, so the annotation lands in the run's month.
 */
public record Annotation(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    Integer threads,
    Integer iteration,
    Action action,
    String reason,
    String author)
    implements Event {

  @Override
  public EventKind eventKind() {
    return EventKind.ANNOTATION;
  }

  /** Leave out of statistics, or take back in. */
  public enum Action {
    exclude,
    include
  }

  public Annotation {
    Event.requireText(eventId, "event_id");
    Event.requireText(runId, "run_id");
    Event.require(emittedAt, "emitted_at");
    Event.require(startedAt, "started_at");
    Event.require(action, "action");
    Event.requireText(reason, "reason");
    if (threads != null && threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, was " + threads);
    }
    if (iteration != null && iteration < 1) {
      throw new IllegalArgumentException("iteration must be at least 1, was " + iteration);
    }
    schema = schema == null ? EventKind.ANNOTATION.schemaId() : schema;
  }
}
