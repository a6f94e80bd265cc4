package io.benchlake.importers;

import java.time.Instant;
import java.util.Optional;

/**
 * The times a run may start or an event be emitted at: from 1970-01-01 to 2200-01-01 (UTC). The
 * warehouse stores times as microseconds since 1970, which overflow about 292 years either side,
 * and a date outside these bounds is a typo (2300 for 2025), never a benchmark.
 */
public final class TimeBounds {
  public static final Instant EARLIEST = Instant.parse("1970-01-01T00:00:00Z");
  public static final Instant LATEST = Instant.parse("2200-01-01T00:00:00Z");

  private TimeBounds() {}

  /** Why {@code what} at {@code time} is refused, as "WHAT is TIME; expected ...", if it is. */
  public static Optional<String> problem(String what, Instant time) {
    if (time == null || (!time.isBefore(EARLIEST) && time.isBefore(LATEST))) {
      return Optional.empty();
    }
    return Optional.of(
        what + " is " + time + "; expected a time from 1970-01-01 to 2200-01-01 (UTC)");
  }
}
