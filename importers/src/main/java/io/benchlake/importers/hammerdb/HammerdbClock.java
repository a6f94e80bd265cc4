package io.benchlake.importers.hammerdb;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.TimeBounds;
import io.benchlake.importers.ZoneAbbreviations;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A time as HammerDB printed it: local time with the zone abbreviation Tcl's {@code clock format}
 * gives ({@code Mon Apr 14 13:18:31 BST 2025}), or without a zone (the jobs database's SQLite
 * {@code 2025-04-14 17:09:41}). {@code where} is the file:line it came from.
 */
record HammerdbClock(LocalDateTime local, Optional<String> zone, String where) {
  private static final Pattern TCL =
      Pattern.compile(
          "^(?:[A-Za-z]{3},?\\s+)?([A-Za-z]{3})\\s+(\\d{1,2})\\s+(\\d{1,2}):(\\d\\d):(\\d\\d)\\s+(\\S+)\\s+(\\d{4})$");
  private static final DateTimeFormatter SQLITE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  /** Tcl's {@code %a %b %d %H:%M:%S %Z %Y}; the weekday is not checked (copies get it wrong). */
  static Optional<HammerdbClock> tcl(String text, String where) {
    Matcher m = TCL.matcher(text.strip());
    if (!m.matches()) {
      return Optional.empty();
    }
    Optional<Month> month =
        java.util.Arrays.stream(Month.values())
            .filter(
                x -> x.name().substring(0, 3).equalsIgnoreCase(m.group(1).toUpperCase(Locale.ROOT)))
            .findFirst();
    if (month.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          new HammerdbClock(
              LocalDateTime.of(
                  Integer.parseInt(m.group(7)),
                  month.get(),
                  Integer.parseInt(m.group(2)),
                  Integer.parseInt(m.group(3)),
                  Integer.parseInt(m.group(4)),
                  Integer.parseInt(m.group(5))),
              Optional.of(m.group(6)),
              where));
    } catch (java.time.DateTimeException e) {
      return Optional.empty();
    }
  }

  /** The jobs database's local time without a zone. */
  static Optional<HammerdbClock> sqlite(String text, String where) {
    try {
      return Optional.of(
          new HammerdbClock(
              LocalDateTime.parse(text.strip().replace('T', ' '), SQLITE),
              Optional.empty(),
              where));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  /**
   * The instant: by the printed abbreviation, else by {@code offset} (what a jobid beside a local
   * timestamp says), else by --timezone; without any of them the user is asked for --timezone.
   */
  Instant instant(Optional<ZoneId> timezone, Optional<ZoneOffset> offset) {
    Instant at = zoned(timezone, offset);
    TimeBounds.problem("the time " + local.format(SQLITE), at)
        .ifPresent(
            p -> {
              throw new BadInputException(where + ": " + p);
            });
    return at;
  }

  private Instant zoned(Optional<ZoneId> timezone, Optional<ZoneOffset> offset) {
    if (zone.isPresent()) {
      return local.atZone(ZoneAbbreviations.resolve(zone.get(), timezone, where)).toInstant();
    }
    if (offset.isPresent()) {
      return local.toInstant(offset.get());
    }
    if (timezone.isPresent()) {
      return local.atZone(timezone.get()).toInstant();
    }
    throw new BadInputException(
        where
            + ": the time "
            + local.format(SQLITE)
            + " is local time without a zone and no jobid gives its offset: give --timezone");
  }

  /**
   * Seconds from this time to {@code later}, on the local clock (one run never spans a DST change).
   */
  double secondsTo(HammerdbClock later) {
    return java.time.Duration.between(local, later.local).toMillis() / 1000.0;
  }
}
