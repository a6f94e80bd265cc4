package io.benchlake.schemas;

import java.time.Instant;
import java.util.List;

/**
 * A finding of the evaluation after an ingest, as one event of an alert's life: {@code raised} (its
 * id fixed from then on), {@code moved} (a later finding of the same series, kind and direction
 * within a few runs), {@code vanished} (no longer significant, {@code why} says how) or {@code
 * superseded} (its series merged into another). Keyed by the alert id ({@code runId} is the alert
 * id): all events of one alert share a partition, so the log's order is theirs; {@code startedAt}
 * is when the alert was first raised, the month every event of it lands in.
 */
public record Alert(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    Change change,
    Kind kind,
    String direction,
    String test,
    String metric,
    int threads,
    String testbed,
    String initialState,
    String locatedRunId,
    Instant locatedAt,
    String summaryId,
    String summaryLabel,
    long evaluatedCommit,
    String why,
    Provenance provenance)
    implements Event {

  @Override
  public EventKind eventKind() {
    return EventKind.ALERT;
  }

  /** What happened to the alert. */
  public enum Change {
    raised,
    moved,
    vanished,
    superseded
  }

  /** What was found. */
  public enum Kind {
    change,
    regression,
    trend,
    outlier,
    unstable
  }

  /**
   * Why it was found: the detector and its parameters, the runs compared (before and after) and
   * their window, the magnitude in % with its 95% confidence interval, the p-value (null where the
   * test has none), the noise, the levels either side, and the environment and config differences
   * between the runs before and after ("version 12.2.2 -> 12.3.1", "cnf innodb_buffer_pool_size 1G
   * -> 16M").
   */
  public record Provenance(
      String detector,
      String parameters,
      List<String> runsBefore,
      List<String> runsAfter,
      Instant windowFrom,
      Instant windowTo,
      double magnitudePct,
      Double ciLowPct,
      Double ciHighPct,
      Double pValue,
      Double noise,
      Double levelBefore,
      Double levelAfter,
      List<String> differences) {
    public Provenance {
      Event.requireText(detector, "detector");
      runsBefore = runsBefore == null ? List.of() : List.copyOf(runsBefore);
      runsAfter = runsAfter == null ? List.of() : List.copyOf(runsAfter);
      differences = differences == null ? List.of() : List.copyOf(differences);
    }
  }

  public Alert {
    Event.requireText(eventId, "event_id");
    Event.requireText(runId, "run_id");
    Event.require(emittedAt, "emitted_at");
    Event.require(startedAt, "started_at");
    Event.require(change, "change");
    Event.require(kind, "kind");
    Event.requireText(direction, "direction");
    Event.requireText(test, "test");
    Event.requireText(metric, "metric");
    Event.requireText(locatedRunId, "located_run_id");
    Event.require(locatedAt, "located_at");
    Event.require(provenance, "provenance");
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, was " + threads);
    }
    schema = schema == null ? EventKind.ALERT.schemaId() : schema;
  }

  /** The same event with another provenance. */
  public Alert withProvenance(Provenance p) {
    return new Alert(
        schema,
        eventId,
        runId,
        emittedAt,
        startedAt,
        change,
        kind,
        direction,
        test,
        metric,
        threads,
        testbed,
        initialState,
        locatedRunId,
        locatedAt,
        summaryId,
        summaryLabel,
        evaluatedCommit,
        why,
        p);
  }

  /** The alert's id: the record key of every event of it. */
  public String alertId() {
    return runId;
  }
}
