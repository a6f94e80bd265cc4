package io.benchlake.core;

import java.util.Locale;

/** Durations with a unit (10s, 5m, 1h, 250ms); a bare number means seconds. */
public final class Durations {
  private Durations() {}

  /** The duration in seconds; IllegalArgumentException for anything else. */
  public static double seconds(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    double factor = 1;
    String number = v;
    if (v.endsWith("ms")) {
      factor = 0.001;
      number = v.substring(0, v.length() - 2);
    } else if (v.endsWith("s")) {
      number = v.substring(0, v.length() - 1);
    } else if (v.endsWith("m")) {
      factor = 60;
      number = v.substring(0, v.length() - 1);
    } else if (v.endsWith("h")) {
      factor = 3600;
      number = v.substring(0, v.length() - 1);
    }
    try {
      double seconds = Double.parseDouble(number) * factor;
      if (seconds < 0 || Double.isNaN(seconds) || Double.isInfinite(seconds)) {
        throw new NumberFormatException();
      }
      return seconds;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "'" + value + "' is not a duration (expected e.g. 10s, 5m or a number of seconds)");
    }
  }
}
