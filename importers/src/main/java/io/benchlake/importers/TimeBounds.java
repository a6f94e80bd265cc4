package io.benchlake.importers;

import io.benchlake.schemas.EventTimes;
import java.time.Instant;
import java.util.Optional;

/**
 * The times a run may start or an event be emitted at, as the event codec takes them ({@link
 * EventTimes}: 1970-01-01 to 2200-01-01, UTC), said the way import refusals read: the warehouse
 * stores times as microseconds since 1970, which overflow about 292 years either side, and a date
 * outside these bounds is a typo (2300 for 2025), never a benchmark.
 */
public final class TimeBounds {
  private TimeBounds() {}

  /** Why {@code what} at {@code time} is refused, as "WHAT is TIME; expected ...", if it is. */
  public static Optional<String> problem(String what, Instant time) {
    if (time == null || EventTimes.inBounds(time)) {
      return Optional.empty();
    }
    return Optional.of(
        what + " is " + time + "; expected a time from 1970-01-01 to 2200-01-01 (UTC)");
  }
}
