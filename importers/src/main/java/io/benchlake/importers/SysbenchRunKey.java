package io.benchlake.importers;

import io.benchlake.home.BadInputException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The run a sysbench log belongs to: its dataset, test and the date its path or sidecar gives
 * ({@code ""} when neither does, so logs without a date group into one run), and the testbed they
 * give ({@code ""}: none, the --testbed flag stands).
 */
record SysbenchRunKey(String dataset, String test, String date, String testbed) {

  /** When the run started: the date given, else {@code fallback} (--started-at). */
  Optional<Instant> startedAt(Optional<Instant> fallback) {
    return date.isEmpty() ? fallback : Optional.of(when(date));
  }

  /**
   * A {date} field or a sidecar's started_at: yyyy-mm-dd or an ISO-8601 instant, from 1970 to 2200
   * (TimeBounds).
   */
  static Instant when(String text) {
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
