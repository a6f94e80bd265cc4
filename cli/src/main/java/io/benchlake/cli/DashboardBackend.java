package io.benchlake.cli;

import io.benchlake.alerts.AlertLog;
import io.benchlake.alerts.AlertTriage;
import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.stability.StabilityThresholds;
import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventLog;
import io.benchlake.bus.EventPublisher;
import io.benchlake.schemas.AlertState;
import io.benchlake.schemas.Annotation;
import io.benchlake.schemas.RunContext;
import io.benchlake.warehouse.CurrentCommit;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.web.EventWriter;
import io.benchlake.web.WarehouseSource;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the dashboard reads and writes through, wired by the launcher: the warehouse's commits and
 * sessions (DuckDB held to {@code limits}), the event log's end for the events not yet ingested,
 * the annotation publisher {@code benchlake annotate} uses, and the triage publishing of {@code
 * benchlake alerts ack} (its events, then its small ingest or its wait for a follow's commit).
 */
final class DashboardBackend implements WarehouseSource, EventWriter, AutoCloseable {
  private static final long FRESHNESS_KEPT_MS = 2_000;

  private final Warehouse warehouse;
  private final AnalyticsSession.ServerLimits limits;
  private final EventBus bus;
  private final StabilityThresholds stability;
  private final Object triaging = new Object();
  private EventPublisher publisher;
  private Freshness freshness;
  private long freshnessAt;

  DashboardBackend(
      Warehouse warehouse,
      AnalyticsSession.ServerLimits limits,
      EventBus bus,
      StabilityThresholds stability) {
    this.warehouse = warehouse;
    this.limits = limits;
    this.bus = bus;
    this.stability = stability;
  }

  @Override
  public StabilityThresholds stability() {
    return stability;
  }

  @Override
  public String commit() {
    return warehouse.commit().id();
  }

  @Override
  public AnalyticsSession open() {
    return AnalyticsSession.openForServer(warehouse, limits);
  }

  @Override
  public synchronized Freshness freshness() {
    long now = System.currentTimeMillis();
    if (freshness != null && now - freshnessAt < FRESHNESS_KEPT_MS) {
      return freshness;
    }
    CurrentCommit commit = warehouse.commit();
    Manifest m = commit.manifest();
    Instant last = CurrentCommit.NONE.equals(commit.id()) ? null : m.committedAt();
    Long pending;
    try {
      Map<Integer, Long> end = EventLog.endOffsets(bus.bootstrap());
      long waiting = 0;
      for (Map.Entry<Integer, Long> e : end.entrySet()) {
        waiting += Math.max(0, e.getValue() - m.offsets().getOrDefault(e.getKey(), 0L));
      }
      pending = waiting;
    } catch (RuntimeException e) {
      pending = null; // the log does not answer: unknown, the pages still read the warehouse
    }
    freshness = new Freshness(last, pending);
    freshnessAt = now;
    return freshness;
  }

  @Override
  public synchronized void annotate(AnnotationRequest r) {
    Annotation annotation =
        RunContext.live(r.run().runId(), r.run().startedAt())
            .event("annotation")
            .annotation(
                r.threads(),
                r.iteration(),
                r.exclude() ? Annotation.Action.exclude : Annotation.Action.include,
                r.reason(),
                System.getProperty("user.name"));
    if (publisher == null) {
      publisher = new EventPublisher(bus.bootstrap());
    }
    publisher.publish(annotation);
    freshness = null;
  }

  @Override
  public void triage(TriageRequest r) {
    AlertTriage.Decision d =
        new AlertTriage.Decision(
            AlertState.State.valueOf(r.state().event()),
            r.link(),
            r.note(),
            System.getProperty("user.name"));
    List<AlertState> events = AlertTriage.events(r.alerts(), d, Instant.now());
    synchronized (triaging) {
      try {
        AlertLog.publish(bus.bootstrap(), events, AlertVisibility.of(bus.bootstrap(), warehouse));
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException("the triage was not published: " + e.getMessage(), e);
      }
    }
    synchronized (this) {
      freshness = null;
    }
  }

  @Override
  public synchronized void close() {
    if (publisher != null) {
      publisher.close();
    }
  }
}
