package io.benchlake.schemas;

import java.time.Instant;
import java.util.List;

/**
 * A run begins: which dataset, which test, and how it is configured. {@code testbed} names the
 * machine the run was measured on (docs/architecture.md, Identity), null where unknown; events
 * written before it existed read as null.
 */
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
    List<Property> properties,
    String testbed)
    implements Event {

  @Override
  public EventKind eventKind() {
    return EventKind.RUN_STARTED;
  }

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
    testbed = testbed == null || testbed.isBlank() ? null : testbed.strip();
  }

  /** This event with the machine it was measured on (null or blank: unknown). */
  public RunStarted withTestbed(String testbed) {
    return new RunStarted(
        schema,
        eventId,
        runId,
        emittedAt,
        startedAt,
        dataset,
        testSuite,
        testName,
        tag,
        source,
        parameters,
        properties,
        testbed);
  }
}
