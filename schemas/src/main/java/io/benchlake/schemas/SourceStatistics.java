package io.benchlake.schemas;

import java.time.Instant;
import java.util.List;

/**
 * The statistics a source report printed for one run and metric, kept beside the iteration values
 * (docs/architecture.md, Source statistics): recomputing them from iterations printed rounded would
 * not give the report's numbers back. {@code title} is the report's title lines.
 */
public record SourceStatistics(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    String metric,
    String source,
    List<String> title,
    List<PrintedStatistic> statistics)
    implements Event {

  @Override
  public EventKind eventKind() {
    return EventKind.SOURCE_STATISTICS;
  }

  public SourceStatistics {
    Event.requireText(eventId, "event_id");
    Event.requireText(runId, "run_id");
    Event.require(emittedAt, "emitted_at");
    Event.require(startedAt, "started_at");
    Event.requireText(metric, "metric");
    Event.requireText(source, "source");
    title = title == null ? List.of() : List.copyOf(title);
    statistics = statistics == null ? List.of() : List.copyOf(statistics);
    schema = schema == null ? EventKind.SOURCE_STATISTICS.schemaId() : schema;
  }
}
