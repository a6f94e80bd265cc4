package io.benchlake.importers;

import io.benchlake.home.BadInputException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The zone abbreviations Tcl's {@code clock format %Z} prints, read as a HammerDB user means them
 * (BST is British Summer Time). Never Java's {@code ZoneId.SHORT_IDS}, where BST is Dhaka. An
 * abbreviation names the offset in force (summer or winter), so each maps to a fixed offset.
 */
public final class ZoneAbbreviations {
  private static final Map<String, ZoneOffset> KNOWN =
      Map.ofEntries(
          Map.entry("UTC", ZoneOffset.UTC),
          Map.entry("GMT", ZoneOffset.UTC),
          Map.entry("Z", ZoneOffset.UTC),
          Map.entry("WET", ZoneOffset.UTC),
          Map.entry("BST", ZoneOffset.ofHours(1)), // British Summer Time (Europe/London)
          Map.entry("WEST", ZoneOffset.ofHours(1)),
          Map.entry("CET", ZoneOffset.ofHours(1)),
          Map.entry("MET", ZoneOffset.ofHours(1)),
          Map.entry("CEST", ZoneOffset.ofHours(2)),
          Map.entry("MEST", ZoneOffset.ofHours(2)),
          Map.entry("EET", ZoneOffset.ofHours(2)),
          Map.entry("EEST", ZoneOffset.ofHours(3)),
          Map.entry("MSK", ZoneOffset.ofHours(3)),
          Map.entry("EST", ZoneOffset.ofHours(-5)),
          Map.entry("EDT", ZoneOffset.ofHours(-4)),
          Map.entry("CDT", ZoneOffset.ofHours(-5)),
          Map.entry("MST", ZoneOffset.ofHours(-7)),
          Map.entry("MDT", ZoneOffset.ofHours(-6)),
          Map.entry("PST", ZoneOffset.ofHours(-8)),
          Map.entry("PDT", ZoneOffset.ofHours(-7)),
          Map.entry("AKST", ZoneOffset.ofHours(-9)),
          Map.entry("AKDT", ZoneOffset.ofHours(-8)),
          Map.entry("HST", ZoneOffset.ofHours(-10)),
          Map.entry("JST", ZoneOffset.ofHours(9)),
          Map.entry("KST", ZoneOffset.ofHours(9)),
          Map.entry("HKT", ZoneOffset.ofHours(8)),
          Map.entry("SGT", ZoneOffset.ofHours(8)),
          Map.entry("AWST", ZoneOffset.ofHours(8)),
          Map.entry("ACST", ZoneOffset.ofHoursMinutes(9, 30)),
          Map.entry("ACDT", ZoneOffset.ofHoursMinutes(10, 30)),
          Map.entry("AEST", ZoneOffset.ofHours(10)),
          Map.entry("AEDT", ZoneOffset.ofHours(11)),
          Map.entry("NZST", ZoneOffset.ofHours(12)),
          Map.entry("NZDT", ZoneOffset.ofHours(13)));

  /** Abbreviations that name more than one zone: the reader must say which. */
  private static final Map<String, String> AMBIGUOUS =
      Map.of(
          "IST", "India, Irish or Israel Standard Time",
          "CST", "US Central, China or Cuba Standard Time",
          "AST", "Atlantic or Arabia Standard Time",
          "ADT", "Atlantic or Arabia Daylight Time",
          "SST", "Samoa or Singapore Standard Time",
          "BDT", "Bangladesh or British Double Summer Time");

  /** What Tcl prints where a zone has no abbreviation: +0530, -03. */
  private static final Pattern NUMERIC = Pattern.compile("^([+-])(\\d\\d)(\\d\\d)?$");

  private ZoneAbbreviations() {}

  /**
   * The zone of {@code abbreviation} as printed at {@code where}; {@code --timezone} decides for an
   * ambiguous or unknown one.
   */
  public static ZoneId resolve(String abbreviation, Optional<ZoneId> timezone, String where) {
    String a = abbreviation.toUpperCase(Locale.ROOT);
    ZoneOffset known = KNOWN.get(a);
    if (known != null) {
      return known;
    }
    Matcher m = NUMERIC.matcher(a);
    if (m.matches()) {
      int hours = Integer.parseInt(m.group(2));
      int minutes = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
      int sign = m.group(1).equals("-") ? -1 : 1;
      return ZoneOffset.ofHoursMinutes(sign * hours, sign * minutes);
    }
    if (timezone.isPresent()) {
      return timezone.get();
    }
    String why =
        AMBIGUOUS.containsKey(a)
            ? "is ambiguous (" + AMBIGUOUS.get(a) + ")"
            : "is not a zone abbreviation benchlake knows";
    throw new BadInputException(
        where
            + ": time zone '"
            + abbreviation
            + "' "
            + why
            + ": give --timezone (e.g. --timezone Asia/Kolkata)");
  }

  /** The zone a user named with --timezone: a region id or an offset, never a 3-letter id. */
  public static ZoneId parseOption(String text) {
    try {
      if (text.matches("[A-Za-z]{3,4}") && !text.equalsIgnoreCase("UTC")) {
        throw new BadInputException(
            "--timezone '"
                + text
                + "': give a region (Europe/London, Asia/Kolkata) or an offset (+05:30), not an abbreviation");
      }
      return ZoneId.of(text);
    } catch (java.time.DateTimeException e) {
      throw new BadInputException(
          "--timezone '" + text + "' is not a zone (Europe/London, Asia/Kolkata, +05:30)");
    }
  }
}
