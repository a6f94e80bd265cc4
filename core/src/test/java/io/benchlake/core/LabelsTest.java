package io.benchlake.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class LabelsTest {
  @Test
  void printableTextInAnyScriptIsALabel() {
    for (String ok :
        new String[] {"MariaDB 11.4.2", "Ünïcödé – ok", "数据集", "rocket \uD83D\uDE80"}) {
      assertEquals(Optional.empty(), Labels.problem("dataset", ok), ok);
    }
  }

  @Test
  void tabsLineBreaksNulAndLoneSurrogatesAreNamedWithTheirPlace() {
    assertEquals(
        "dataset holds a tab at character 2; a label is printable text on one line",
        Labels.problem("dataset", "a\tb").orElseThrow());
    assertEquals(
        "--test holds a line break at character 4; a label is printable text on one line",
        Labels.problem("--test", "abc\n").orElseThrow());
    assertEquals(
        "tag holds NUL at character 1; a label is printable text on one line",
        Labels.problem("tag", "\0x").orElseThrow());
    assertEquals(
        "host holds a lone surrogate (U+D800) at character 2; a label is printable text on one"
            + " line",
        Labels.problem("host", "a\uD800b").orElseThrow());
    assertEquals(
        "to holds a lone surrogate (U+DE80) at character 1; a label is printable text on one line",
        Labels.problem("to", "\uDE80").orElseThrow());
    assertEquals(
        "to holds a control character (U+2028) at character 2; a label is printable text on one"
            + " line",
        Labels.problem("to", "a\u2028").orElseThrow());
  }
}
