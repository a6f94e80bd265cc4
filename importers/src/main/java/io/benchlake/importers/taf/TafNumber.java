package io.benchlake.importers.taf;

import io.benchlake.importers.SourceFile;
import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * A number as a TAF report prints it: plain decimal notation (an exponent allowed), finite, with
 * the decimals it was printed with. NaN, Infinity, hex floats, Java's {@code d}/{@code f} suffixes
 * and values beyond a double's range are refused at file:line, never read as something else.
 */
record TafNumber(double value, int decimals) {
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

  static TafNumber parse(SourceFile f, int line, String cell) {
    if (!DECIMAL.matcher(cell).matches()) {
      throw f.error(line, "expected a finite number, found '" + cell + "'");
    }
    BigDecimal exact;
    try {
      exact = new BigDecimal(cell);
    } catch (NumberFormatException | ArithmeticException e) {
      throw f.error(line, "expected a finite number, found '" + cell + "'");
    }
    double value = exact.doubleValue();
    if (!Double.isFinite(value)) {
      throw f.error(
          line,
          "'" + cell + "' is beyond the range of a double (about ±1.8e308): not a finite number");
    }
    if (value == 0 && exact.signum() != 0) {
      throw f.error(line, "'" + cell + "' is too small for a double: it would read as 0");
    }
    return new TafNumber(value, Math.max(0, exact.scale()));
  }
}
