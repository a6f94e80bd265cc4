package io.benchlake.schemas;

import java.time.Instant;

/**
 * The times an event may carry: from 1970-01-01 to 2200-01-01 (UTC). Parquet keeps times as
 * microseconds since 1970 in a long, which ends about 292 years either side; a benchmark run before
 * 1970 or after 2200 is a typo (2300 for 2025), and one such event would stop every ingest.
 */
public final class EventTimes {
  /** The earliest time an event may carry. */
  public static final Instant EARLIEST = Instant.parse("1970-01-01T00:00:00Z");

  /** The latest time an event may carry. */
  public static final Instant LATEST = Instant.parse("2200-01-01T00:00:00Z");

  private EventTimes() {}

  /** Whether {@code t} lies in 1970-01-01..2200-01-01. */
  public static boolean inBounds(Instant t) {
    return !t.isBefore(EARLIEST) && !t.isAfter(LATEST);
  }

  /**
   * What is wrong with {@code t} as the event field {@code field}, or null when it is in bounds (or
   * absent).
   */
  public static String problem(String field, Instant t) {
    return t == null || inBounds(t)
        ? null
        : field + " " + t + " is outside 1970-01-01..2200-01-01 (a typo in a date?)";
  }

  /** Throws when the event's emitted_at or started_at lies outside the bounds. */
  static Event checked(Event event) throws InvalidEventException {
    String problem = problem("$.emitted_at", event.emittedAt());
    if (problem == null) {
      problem = problem("$.started_at", event.startedAt());
    }
    if (problem != null) {
      throw new InvalidEventException(event.schema() + ": " + problem);
    }
    return event;
  }
}
