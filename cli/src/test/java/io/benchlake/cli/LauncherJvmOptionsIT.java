package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The JVM options bin/benchlake gives each verb: the load generator's client (run) runs on the
 * serial collector, other verbs keep the JVM's choice, and a collector the user names in
 * BENCHLAKE_JAVA_OPTS wins. The launcher of the built tree runs against a stand-in java that prints
 * the options it was given.
 */
class LauncherJvmOptionsIT {
  private static Path home;
  private static Path javaHome;

  @BeforeAll
  static void standInJava() throws Exception {
    home = TestDirs.fresh("launcher-jvm-options");
    javaHome = home.resolve("jdk");
    Path java = javaHome.resolve("bin").resolve("java");
    Files.createDirectories(java.getParent());
    Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  @Test
  void runGetsTheSerialCollector() throws Exception {
    List<String> options = jvmOptions(null, "run", "--workload", "oltp_point_select");
    assertTrue(options.contains("-XX:+UseSerialGC"), options.toString());
    assertTrue(options.contains("-Xmx3g"), options.toString());
  }

  @Test
  void otherVerbsKeepTheJvmsCollector() throws Exception {
    for (String verb : List.of("ingest", "demo", "server", "report")) {
      List<String> options = jvmOptions(null, verb);
      assertFalse(options.stream().anyMatch(o -> o.endsWith("GC")), verb + ": " + options);
    }
  }

  @Test
  void aCollectorInBenchlakeJavaOptsWins() throws Exception {
    List<String> options = jvmOptions("-Xmx1g -XX:+UseParallelGC", "run");
    assertEquals(
        List.of("-XX:+UseParallelGC"), options.stream().filter(o -> o.endsWith("GC")).toList());
    assertTrue(options.contains("-Xmx1g"), options.toString());
  }

  @Test
  void otherBenchlakeJavaOptsKeepTheSerialCollectorOfRun() throws Exception {
    List<String> options = jvmOptions("-Xmx1g", "run");
    assertTrue(options.contains("-XX:+UseSerialGC"), options.toString());
  }

  /** The options up to -jar that bin/benchlake passes to java for {@code args}. */
  private static List<String> jvmOptions(String javaOpts, String... args) throws Exception {
    Path launcher = Path.of("..", "bin", "benchlake").toAbsolutePath().normalize();
    ProcessBuilder pb = new ProcessBuilder(launcher.toString());
    pb.command().addAll(Arrays.asList(args));
    pb.environment().put("BENCHLAKE_HOME", home.toString());
    pb.environment().put("JAVA_HOME", javaHome.toString());
    pb.environment().put("BENCHLAKE_NO_CDS", "1");
    pb.environment().remove("BENCHLAKE_JAVA_OPTS");
    if (javaOpts != null) {
      pb.environment().put("BENCHLAKE_JAVA_OPTS", javaOpts);
    }
    Process p = pb.redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(1, TimeUnit.MINUTES), "bin/benchlake did not end");
    assertEquals(0, p.exitValue(), out);
    List<String> lines = out.lines().toList();
    int jar = lines.indexOf("-jar");
    assertTrue(jar > 0, out);
    return lines.subList(0, jar);
  }
}
