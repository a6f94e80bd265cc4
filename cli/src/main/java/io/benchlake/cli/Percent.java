package io.benchlake.cli;

import io.benchlake.home.BadInputException;

/** A percentage option such as 3% (or the fraction 0.03), as a fraction. */
final class Percent {
  private Percent() {}

  static double parse(String option, String text) {
    String t = text.trim();
    try {
      double v =
          t.endsWith("%")
              ? Double.parseDouble(t.substring(0, t.length() - 1)) / 100
              : Double.parseDouble(t);
      if (!(v >= 0) || Double.isInfinite(v)) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw new BadInputException(
          option + " '" + text + "' is not a percentage such as 3% (or a fraction such as 0.03)");
    }
  }
}
