package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepClockTest {
  @Test
  void writesTheJvmStartAndEachStepInMilliseconds() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StepClock clock = StepClock.of(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    clock.lap("session open");
    clock.lap("series query and detector");
    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(3, lines.size(), lines.toString());
    assertTrue(lines.get(0).matches("timing: JVM start to command \\d+ ms"), lines.get(0));
    assertTrue(lines.get(1).matches("timing: session open \\d+\\.\\d ms"), lines.get(1));
    assertTrue(
        lines.get(2).matches("timing: series query and detector \\d+\\.\\d ms"), lines.get(2));
  }

  @Test
  void withoutTheTimingPropertyTheClockIsSilent() {
    PrintStream stderr = System.err;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.clearProperty("benchlake.timing");
    try {
      System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
      StepClock.start().lap("session open");
    } finally {
      System.setErr(stderr);
    }
    assertEquals("", bytes.toString(StandardCharsets.UTF_8));
  }
}
