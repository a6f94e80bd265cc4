package io.benchlake.importers;

import io.benchlake.home.BadInputException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/** When a run started, as a path's {date}, a sidecar's started_at or --started-at give it. */
public final class StartedAt {
  private StartedAt() {}

  /**
   * A {date} field or a sidecar's started_at: yyyy-mm-dd or an ISO-8601 instant, from 1970 to 2200
   * (TimeBounds).
   */
  public static Instant parse(String text) {
    Instant at = parsed(text);
    TimeBounds.problem("started_at " + text, at)
        .ifPresent(
            p -> {
              throw new BadInputException(p);
            });
    return at;
  }

  private static Instant parsed(String text) {
    if (text.length() > 10) {
      try {
        return Instant.parse(text);
      } catch (DateTimeParseException e) {
        throw new BadInputException(
            "started_at '" + text + "' is not ISO-8601 (2026-03-11T13:22:25Z)");
      }
    }
    try {
      return LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw new BadInputException("{date} '" + text + "' is not yyyy-mm-dd");
    }
  }
}
