package io.benchlake.importers.sysbench;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.PlausibleValues;
import io.benchlake.importers.SourceFile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code name: value} lines of one sysbench summary, by name, each with the line it was read
 * at, so that a missing, empty or malformed value is refused at {@code file:line} naming the
 * generation's summary ("sysbench 0.5 summary: …").
 */
final class SysbenchSummaryLines {
  private static final Pattern COUNT_RATE =
      Pattern.compile("^([0-9]+)\\s+\\(([0-9]+(?:\\.[0-9]+)?) per sec\\.\\)$");

  /**
   * A percentile's label: {@code 95th percentile} (1.x, also patched builds' {@code 99th} and
   * {@code 999th}, the 99.9th), {@code approx. 95 percentile} (0.4, 0.5).
   */
  private static final Pattern PERCENTILE =
      Pattern.compile("^(?:approx\\. ?)?([0-9]+(?:\\.[0-9]+)?)(?:th)? percentile$");

  private final SourceFile file;
  private final String what;
  private final Map<String, String> values = new LinkedHashMap<>();
  private final Map<String, Integer> lineOf = new HashMap<>();
  private int last = -1;

  /** {@code what} names the generation's summary in refusals: {@code sysbench 0.5 summary}. */
  SysbenchSummaryLines(SourceFile file, String what) {
    this.file = file;
    this.what = what;
  }

  /** Keeps a line's value; names are compared with runs of blanks as one. */
  void put(String name, String value, int line) {
    String key = key(name);
    values.putIfAbsent(key, value.strip());
    lineOf.putIfAbsent(key, line);
    last = Math.max(last, line);
  }

  boolean has(String name) {
    return values.containsKey(key(name));
  }

  /** A count and its rate, {@code 10000 (337.30 per sec.)}. */
  SysbenchLog.CountRate countRate(String name) {
    String v = text(name);
    Matcher m = COUNT_RATE.matcher(v);
    if (!m.matches()) {
      throw error(name, "expected 'N (X per sec.)' after '" + name + ":', found '" + v + "'");
    }
    SysbenchLog.CountRate read;
    try {
      read = new SysbenchLog.CountRate(Long.parseLong(m.group(1)), Double.parseDouble(m.group(2)));
    } catch (NumberFormatException e) {
      throw error(name, "a count beyond a whole number's range after '" + name + ":'");
    }
    check(
        name,
        PlausibleValues.ofRate(name + " per second", read.perSecond())
            .or(() -> PlausibleValues.ofNumber(name, read.count())));
    return read;
  }

  Optional<SysbenchLog.CountRate> optionalCountRate(String name) {
    return has(name) ? Optional.of(countRate(name)) : Optional.empty();
  }

  /** A whole number, {@code 140000}. */
  long count(String name) {
    double v = number(name, "", "a whole number");
    if (v != Math.rint(v)) {
      throw error(
          name, "expected a whole number after '" + name + ":', found '" + text(name) + "'");
    }
    return (long) v;
  }

  /** A latency in milliseconds, printed with {@code ms} (0.x) or under {@code Latency (ms):}. */
  double millis(String name) {
    double v = number(name, "ms", "a latency in ms");
    check(name, PlausibleValues.ofLatency(name, v));
    return v;
  }

  /**
   * A duration printed in seconds, {@code 29.6474s}; the unit is optional where 0.4 left it off.
   */
  double seconds(String name) {
    double v = number(name, "s", "a time in seconds");
    check(name, PlausibleValues.ofDuration(name, v));
    return v;
  }

  /** A plain figure, {@code 27705}. */
  double figure(String name) {
    double v = number(name, "", "a number");
    check(name, PlausibleValues.ofNumber(name, v));
    return v;
  }

  /** Every percentile printed, in the order printed; 0 (percentile stats off) is left out. */
  List<SysbenchLog.Percentile> percentiles() {
    List<SysbenchLog.Percentile> found = new ArrayList<>();
    for (String key : values.keySet()) {
      Matcher m = PERCENTILE.matcher(key);
      if (m.matches()) {
        double pct = percentOf(m.group(1));
        check(key, PlausibleValues.ofPercent(key, pct));
        double ms = millis(key);
        if (pct > 0) {
          found.add(new SysbenchLog.Percentile(pct, ms));
        }
      }
    }
    return found;
  }

  /** How many percentile lines the summary has. */
  static boolean isPercentile(String name) {
    return PERCENTILE.matcher(key(name)).matches();
  }

  /**
   * A percentile rank as printed: {@code 95} is the 95th; a rank above 100 is written without its
   * point, as patched builds print the 99.9th as {@code 999th} (and the 99.99th as {@code 9999th}).
   */
  static double percentOf(String printed) {
    double p = Double.parseDouble(printed);
    if (p <= 100 || printed.contains(".")) {
      return p;
    }
    return p / Math.pow(10, printed.length() - 2);
  }

  /** The value after a name the summary must have; its absence is refused at the summary's end. */
  String text(String name) {
    String v = values.get(key(name));
    if (v == null) {
      throw file.error(
          Math.max(0, last), what + " has no '" + name + ":' line (a truncated summary?)");
    }
    return v;
  }

  BadInputException error(String name, String message) {
    Integer line = lineOf.get(key(name));
    return file.error(line == null ? Math.max(0, last) : line, what + ": " + message);
  }

  private double number(String name, String unit, String expected) {
    String v = text(name);
    String digits =
        !unit.isEmpty() && v.endsWith(unit) ? v.substring(0, v.length() - unit.length()) : v;
    try {
      double d = Double.parseDouble(digits.strip());
      if (!digits.strip().matches("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?")) {
        throw new NumberFormatException(v);
      }
      return d;
    } catch (NumberFormatException e) {
      throw error(name, "expected " + expected + " after '" + name + ":', found '" + v + "'");
    }
  }

  private void check(String name, Optional<String> problem) {
    if (problem.isPresent()) {
      throw error(name, problem.get());
    }
  }

  private static String key(String name) {
    return name.strip().replaceAll("\\s+", " ");
  }
}
