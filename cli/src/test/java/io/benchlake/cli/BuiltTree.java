package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * bin/benchlake of the built tree, run as a child process with a test's home. Its JVM compiles with
 * C1 alone, as the test JVMs do (benchlake.test.jvm): a child lives for one short command, so C2's
 * compiler threads would only compete with the build for the cores. A test that gives
 * BENCHLAKE_JAVA_OPTS gets C1 added to them unless they name a compiler level themselves.
 */
final class BuiltTree {
  /** The compiler level of the children's JVMs. */
  static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

  private BuiltTree() {}

  /** Starts bin/benchlake with {@code args}, its output (and errors) going to {@code log}. */
  static Process start(Path home, Path log, String... args) throws IOException {
    return start(home, log, java.util.Map.of(), args);
  }

  /** As {@link #start(Path, Path, String...)}, with {@code env} added to its environment. */
  static Process start(Path home, Path log, java.util.Map<String, String> env, String... args)
      throws IOException {
    return builder(home, env, args).redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  /** As {@link #start(Path, Path, String...)}, its standard output and errors in two files. */
  static Process start(Path home, Path out, Path err, String... args) throws IOException {
    return builder(home, java.util.Map.of(), args)
        .redirectOutput(out.toFile())
        .redirectError(err.toFile())
        .start();
  }

  private static ProcessBuilder builder(
      Path home, java.util.Map<String, String> env, String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of("..", "bin", "benchlake").toAbsolutePath().normalize().toString());
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("BENCHLAKE_HOME", home.toString());
    pb.environment().putAll(env);
    String options = pb.environment().getOrDefault("BENCHLAKE_JAVA_OPTS", "-Xmx3g");
    if (!options.contains("-XX:TieredStopAtLevel=")) {
      pb.environment().put("BENCHLAKE_JAVA_OPTS", options + " " + C1_ONLY);
    }
    return pb;
  }

  /** Runs bin/benchlake with {@code args} to its end; it must exit 0. Returns what it printed. */
  static String run(Path home, String... args) throws Exception {
    Path log = home.resolve("benchlake-" + args[0] + "-" + System.nanoTime() + ".log");
    Process p = start(home, log, args);
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly().waitFor();
      throw new AssertionError(String.join(" ", args) + " took over 5 minutes");
    }
    String out = Files.readString(log);
    assertEquals(0, p.exitValue(), String.join(" ", args) + ": " + out);
    return out;
  }
}
