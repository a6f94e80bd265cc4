package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import org.junit.jupiter.api.Test;

class PercentTest {
  @Test
  void aPercentageOrAFractionIsAFraction() {
    assertEquals(0.02, Percent.parse("--min-change", "2%"), 1e-12);
    assertEquals(0.025, Percent.parse("--min-change", " 2.5% "), 1e-12);
    assertEquals(0.03, Percent.parse("--threshold", "0.03"), 1e-12);
  }

  @Test
  void anythingElseNamesTheOptionAndWhatWasExpected() {
    BadInputException e =
        assertThrows(BadInputException.class, () -> Percent.parse("--min-change", "two"));
    assertTrue(e.getMessage().startsWith("--min-change 'two' is not a percentage"), e.getMessage());
    assertThrows(BadInputException.class, () -> Percent.parse("--min-change", "-1%"));
    assertThrows(BadInputException.class, () -> Percent.parse("--min-change", "NaN"));
  }
}
