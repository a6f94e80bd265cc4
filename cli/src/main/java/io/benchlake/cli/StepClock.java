package io.benchlake.cli;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Where a command's time goes, for measuring it: with {@code -Dbenchlake.timing=true} (e.g. through
 * BENCHLAKE_JAVA_OPTS) each step is written to stderr in ms, the first being the JVM's start up to
 * the command; without it the clock says nothing, so a command's output is unchanged.
 */
final class StepClock {
  private final PrintStream log;
  private long last;

  private StepClock(PrintStream log) {
    this.log = log;
    this.last = System.nanoTime();
  }

  /** A clock writing to stderr when the benchlake.timing property is true, else a silent one. */
  static StepClock start() {
    return of(Boolean.getBoolean("benchlake.timing") ? System.err : null);
  }

  static StepClock of(PrintStream log) {
    StepClock c = new StepClock(log);
    if (log != null) {
      long sinceJvmStart =
          System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
      log.printf(Locale.ROOT, "timing: JVM start to command %d ms%n", sinceJvmStart);
    }
    return c;
  }

  /** The time since the previous step (or the start), named {@code step}. */
  void lap(String step) {
    long now = System.nanoTime();
    if (log != null) {
      log.printf(Locale.ROOT, "timing: %s %.1f ms%n", step, (now - last) / 1e6);
    }
    last = now;
  }
}
