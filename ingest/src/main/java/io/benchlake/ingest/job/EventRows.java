package io.benchlake.ingest.job;

import io.benchlake.schemas.Alert;
import io.benchlake.schemas.AlertState;
import io.benchlake.schemas.Alias;
import io.benchlake.schemas.Annotation;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventKind;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.Retraction;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunSource;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import io.benchlake.schemas.SourceStatistics;
import io.benchlake.warehouse.WarehouseTable;
import java.util.List;
import org.apache.avro.generic.GenericRecord;

/**
 * Where each kind of event goes: the rows it makes in the tables other than iterations, and what
 * the run's aggregate needs of it. Each is one switch over {@link EventKind} without a default, so
 * a new kind does not compile until it is routed (CONTRIBUTING.md, Adding an event kind).
 */
final class EventRows {
  private EventRows() {}

  /** One row of a table. */
  record TableRow(WarehouseTable table, GenericRecord record) {}

  /** What the run's aggregate needs of an event. */
  enum ForAggregate {
    NOTHING,
    /** a sample, gathered with the others of its iteration */
    SAMPLE,
    /** the end of an iteration */
    ENDS_ITERATION,
    /** the end of a run: every iteration still open */
    ENDS_RUN
  }

  /** The rows {@code event} makes, its rows carrying {@code seq}, read from {@code raw}. */
  static List<TableRow> of(Event event, long seq, RawEvent raw) {
    return switch (event.eventKind()) {
      case RUN_STARTED -> one(WarehouseTable.RUNS, Rows.run((RunStarted) event, seq, raw));
      case RUN_FINISHED -> one(WarehouseTable.RUNS, Rows.run((RunFinished) event, seq));
      case RUN_SOURCE -> one(WarehouseTable.RUNS, Rows.run((RunSource) event, seq));
      case ENVIRONMENT_SNAPSHOT ->
          one(WarehouseTable.ENVIRONMENTS, Rows.environment((EnvironmentSnapshot) event, seq));
      case SAMPLE -> one(WarehouseTable.SAMPLES, Rows.sample((Sample) event, seq));
      case ITERATION_FINISHED -> {
        IterationFinished e = (IterationFinished) event;
        // its values go to the aggregate, which writes the iterations table
        yield e.timings().stream()
            .map(t -> new TableRow(WarehouseTable.TIMINGS, Rows.timing(e, t, seq)))
            .toList();
      }
      case ANNOTATION -> one(WarehouseTable.ANNOTATIONS, Rows.annotation((Annotation) event, seq));
      case SOURCE_STATISTICS ->
          Rows.sourceStatistics((SourceStatistics) event, seq).stream()
              .map(r -> new TableRow(WarehouseTable.SOURCE_STATISTICS, r))
              .toList();
      case ALIAS -> one(WarehouseTable.ALIASES, Rows.alias((Alias) event, seq));
      case RETRACTION -> one(WarehouseTable.RETRACTIONS, Rows.retraction((Retraction) event, seq));
      case ALERT -> one(WarehouseTable.ALERT_EVENTS, Rows.alert((Alert) event, seq));
      case ALERT_STATE ->
          one(WarehouseTable.ALERT_STATES, Rows.alertState((AlertState) event, seq));
      // read from the log by every ingest path (ContentConflicts, FollowConflicts): no table
      case ACKNOWLEDGEMENT -> List.of();
    };
  }

  /** What the run's aggregate needs of an event of {@code kind}. */
  static ForAggregate forAggregate(EventKind kind) {
    return switch (kind) {
      case SAMPLE -> ForAggregate.SAMPLE;
      case ITERATION_FINISHED -> ForAggregate.ENDS_ITERATION;
      case RUN_FINISHED -> ForAggregate.ENDS_RUN;
      case RUN_STARTED,
          ENVIRONMENT_SNAPSHOT,
          ANNOTATION,
          SOURCE_STATISTICS,
          ALIAS,
          RETRACTION,
          RUN_SOURCE,
          ACKNOWLEDGEMENT,
          ALERT,
          ALERT_STATE ->
          ForAggregate.NOTHING;
    };
  }

  private static List<TableRow> one(WarehouseTable table, GenericRecord record) {
    return List.of(new TableRow(table, record));
  }
}
