package io.benchlake.importers;

import io.benchlake.home.BadInputException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * When a run started, as --started-at, a sidecar's started_at or a path's {date} give it: an
 * ISO-8601 instant or offset time, yyyy-mm-dd (midnight UTC), or a local time as wrappers write it
 * ({@code 2025-11-23T19:04:53}, {@code 2025-11-23 19:04:53}), taken in the zone the user gives and
 * refused without one: a local time read as UTC would move the run by hours unseen.
 */
public final class StartedAt {
  private StartedAt() {}

  /** A date and a time of day with no zone or offset after it. */
  private static final Pattern LOCAL =
      Pattern.compile("^[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?$");

  /** What names the ways to give a local time's zone, in a refusal. */
  public static final String ZONE_WAYS =
      "give --timezone ZONE or a sidecar's \"timezone\" (e.g. Europe/Berlin or +01:00)";

  /**
   * A {date} field or a sidecar's started_at (yyyy-mm-dd or an ISO-8601 instant), from 1970 to 2200
   * (TimeBounds); a local time is refused.
   */
  public static Instant parse(String text) {
    return parse("started_at", text, Optional.empty());
  }

  /**
   * {@code text}, given as {@code what}, as an instant from 1970 to 2200; a local time is taken in
   * {@code zone}, and refused when none is given.
   */
  public static Instant parse(String what, String text, Optional<ZoneId> zone) {
    Instant at = parsed(what, text, zone);
    // an option is named alone (its value is on the command line), a file's field with its text
    TimeBounds.problem(what.startsWith("--") ? what : what + " " + text, at)
        .ifPresent(
            p -> {
              throw new BadInputException(p);
            });
    return at;
  }

  /** Whether {@code text} is a date and time of day that says no zone. */
  public static boolean isLocal(String text) {
    return LOCAL.matcher(text).matches();
  }

  private static Instant parsed(String what, String text, Optional<ZoneId> zone) {
    if (isLocal(text)) {
      LocalDateTime local;
      try {
        local = LocalDateTime.parse(text.replace(' ', 'T'));
      } catch (DateTimeParseException e) {
        throw new BadInputException(what + " '" + text + "' is no date and time of day");
      }
      return local
          .atZone(
              zone.orElseThrow(
                  () ->
                      new BadInputException(
                          what + " '" + text + "' is a local time with no zone: " + ZONE_WAYS)))
          .toInstant();
    }
    if (text.length() > 10) {
      try {
        return Instant.parse(text);
      } catch (DateTimeParseException e) {
        throw new BadInputException(
            what
                + " '"
                + text
                + "' is not ISO-8601 (2026-03-11T13:22:25Z), a local time"
                + " (2026-03-11T13:22:25 with a zone given) or yyyy-mm-dd");
      }
    }
    try {
      return LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw new BadInputException(
          (what.equals("started_at") ? "{date}" : what) + " '" + text + "' is not yyyy-mm-dd");
    }
  }
}
