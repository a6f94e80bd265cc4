package io.benchlake.analytics.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.QueryResult;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class NumberTextTest {
  @Test
  void aValueWithBinaryNoisePrintsAsTheNumberItIs() {
    assertEquals("143222.92", NumberText.plain(143222.91999999998));
    assertEquals("0.3", NumberText.plain(0.1 + 0.2));
    assertEquals("1297100.08667", NumberText.plain(3891300.26 / 3));
    assertEquals("100", NumberText.plain(100.0));
    assertEquals("-2.5", NumberText.plain(-2.5));
    assertEquals("0.000000000123", NumberText.plain(1.23e-10));
    assertEquals("0", NumberText.plain(-0.0));
  }

  @Test
  void fixedDecimalsRoundTheExactBinaryValueAndNeverShowMinusZero() {
    assertEquals("610841.46", NumberText.fixed(610841.465, 2));
    assertEquals("27.465", NumberText.fixed(27.465, 3));
    assertEquals("0.00", NumberText.fixed(-0.001, 2));
    assertEquals("-0.70", NumberText.fixed(-0.7, 2));
  }

  @Test
  void pValuesBelowAThousandthAreLessThanItOthersHaveThreeSignificantDigits() {
    assertEquals("<0.001", NumberText.pValue(0.000012345));
    assertEquals("<0.001", NumberText.pValue(0));
    assertEquals("0.00100", NumberText.pValue(0.001));
    assertEquals("0.0123", NumberText.pValue(0.012345));
    assertEquals("0.500", NumberText.pValue(0.5));
    assertEquals("1.00", NumberText.pValue(1.0));
  }

  @Test
  void tableAndTextOutputPrintNoFloatArtefactsButCsvAndJsonKeepFullPrecision() {
    QueryResult r =
        new QueryResult(List.of("mean", "n"), List.of(Arrays.asList(143222.91999999998, 3L)));
    String table = ResultFormatter.render(r, OutputFormat.TABLE);
    assertTrue(table.contains("143222.92 "), table);
    assertFalse(table.contains("143222.91999999998"), table);
    assertTrue(ResultFormatter.render(r, OutputFormat.MD).contains("| 143222.92 |"));
    assertTrue(ResultFormatter.render(r, OutputFormat.CSV).contains("143222.91999999998,3"));
    assertTrue(ResultFormatter.render(r, OutputFormat.JSON).contains("143222.91999999998"));
  }
}
