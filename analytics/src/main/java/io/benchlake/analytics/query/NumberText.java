package io.benchlake.analytics.query;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers as people read them in text, table and Markdown output, in one place for every command:
 * no binary floating-point artefacts (143222.92, not 143222.91999999998), fixed decimals rounded
 * from the exact binary value as C's printf does, and p-values as "<0.001" or 3 significant digits.
 * JSON (and CSV) keep full precision and never go through here.
 */
public final class NumberText {
  /**
   * Significant digits kept by {@link #plain}: a double holds 15 to 17, and the last ones are the
   * noise of the arithmetic that produced it (a mean of three values is off in the 16th).
   */
  private static final MathContext PLAIN = new MathContext(12, RoundingMode.HALF_EVEN);

  private static final MathContext P_VALUE = new MathContext(3, RoundingMode.HALF_EVEN);

  private NumberText() {}

  /** A value with as many digits as it has, at most 12 significant ones, never in E notation. */
  public static String plain(double value) {
    if (!Double.isFinite(value)) {
      return String.valueOf(value);
    }
    if (value == 0) {
      return "0";
    }
    String text = new BigDecimal(value).round(PLAIN).stripTrailingZeros().toPlainString();
    return text.startsWith("-") && isZero(text) ? text.substring(1) : text;
  }

  /**
   * A value at a number of decimals, rounded from its exact binary value as C's printf does
   * (String.format rounds the shortest decimal form, which differs on values such as 610841.465,
   * stored as 610841.46499999…); never "-0.00".
   */
  public static String fixed(double value, int decimals) {
    String text = new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    return text.startsWith("-") && isZero(text) ? text.substring(1) : text;
  }

  /** A p-value: "<0.001" below 0.001, else 3 significant digits (0.0123, 0.500, 1.00). */
  public static String pValue(double p) {
    if (p < 0.001) {
      return "<0.001";
    }
    BigDecimal rounded = new BigDecimal(p).round(P_VALUE);
    // 0.5 is exact in binary and has one digit: pad it to three (0.500)
    int missing = P_VALUE.getPrecision() - rounded.precision();
    return (missing > 0 ? rounded.setScale(rounded.scale() + missing) : rounded).toPlainString();
  }

  private static boolean isZero(String text) {
    return text.chars().allMatch(c -> c == '-' || c == '0' || c == '.');
  }
}
