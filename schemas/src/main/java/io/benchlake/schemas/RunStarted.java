package io.benchlake.schemas;

import java.time.Instant;
import java.util.List;

/** A run begins: which dataset, which test, and how it is configured. */
public record RunStarted(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    String dataset,
    String testSuite,
    String testName,
    String tag,
    String source,
    RunParameters parameters,
    List<Property> properties)
    implements Event {
  public RunStarted {
    Event.requireText(eventId, "event_id");
    Event.requireText(runId, "run_id");
    Event.require(emittedAt, "emitted_at");
    Event.require(startedAt, "started_at");
    Event.requireText(dataset, "dataset");
    Event.requireText(testSuite, "test_suite");
    Event.requireText(testName, "test_name");
    Event.requireText(source, "source");
    schema = schema == null ? EventKind.RUN_STARTED.schemaId() : schema;
    properties = properties == null ? List.of() : List.copyOf(properties);
  }
}
