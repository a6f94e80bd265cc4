package io.benchlake.web;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.stability.StabilityThresholds;

/**
 * Where the dashboard reads from: the warehouse's current commit (what its answers are cached by),
 * a session over that commit, and how fresh the warehouse is. The launcher supplies it, so this
 * module needs neither the warehouse's nor the event log's classes.
 */
public interface WarehouseSource {
  /** The identity of the warehouse's current commit; cheap, read on every request. */
  String commit();

  /** A session over the current commit, all views loaded. */
  AnalyticsSession open();

  /** The thresholds a report's Stability block judges iterations by (the home's alert settings). */
  StabilityThresholds stability();

  /** When the last ingest committed and how many events wait in the log (null: unknown). */
  Freshness freshness();

  /** The last commit's time (null: nothing committed) and the events not yet ingested. */
  record Freshness(java.time.Instant lastIngest, Long pendingEvents) {}
}
