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
    // it prints its options, and writes the archive a dynamic dump is asked for, as java would
    Files.writeString(
        java,
        "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; case \"$a\" in"
            + " -XX:ArchiveClassesAtExit=*) echo classes > \"${a#-XX:ArchiveClassesAtExit=}\";;"
            + " esac; done\n");
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

  @Test
  void shortReadsGetC1AndTheSerialCollector() throws Exception {
    for (String verb : List.of("changes", "trend", "regressions")) {
      List<String> options = jvmOptions(null, verb, "--test", "T");
      assertTrue(options.contains("-XX:+UseSerialGC"), verb + ": " + options);
      assertTrue(options.contains("-XX:TieredStopAtLevel=1"), verb + ": " + options);
    }
  }

  @Test
  void aCompilerLevelOrCollectorInBenchlakeJavaOptsWinsForShortReads() throws Exception {
    List<String> options = jvmOptions("-Xmx1g -XX:TieredStopAtLevel=4 -XX:+UseG1GC", "changes");
    assertEquals(
        List.of("-XX:TieredStopAtLevel=4"),
        options.stream().filter(o -> o.startsWith("-XX:TieredStopAtLevel")).toList());
    assertEquals(List.of("-XX:+UseG1GC"), options.stream().filter(o -> o.endsWith("GC")).toList());
  }

  @Test
  void aShortReadArchivesItsClassesOnceThenMapsThem() throws Exception {
    Path cds = Path.of("target", "cds").toAbsolutePath();
    List<String> first = launch(null, true, "changes", "--test", "T");
    String dump =
        first.stream()
            .filter(o -> o.startsWith("-XX:ArchiveClassesAtExit="))
            .findFirst()
            .orElseThrow(() -> new AssertionError(first.toString()));
    Path archive;
    try (var files = Files.list(cds)) {
      archive =
          files
              .filter(f -> f.getFileName().toString().startsWith("read-"))
              .filter(f -> readQuietly(f).equals("classes\n"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no archive kept after " + dump));
    }
    try {
      List<String> second = launch(null, true, "changes", "--test", "T");
      assertTrue(second.contains("-XX:SharedArchiveFile=" + archive), second.toString());
      assertFalse(second.stream().anyMatch(o -> o.startsWith("-XX:ArchiveClassesAtExit")));
      List<String> report = launch(null, true, "report", "--test", "T");
      assertFalse(report.contains("-XX:SharedArchiveFile=" + archive), "report: " + report);
    } finally {
      Files.deleteIfExists(archive);
    }
  }

  private static String readQuietly(Path f) {
    try {
      return Files.readString(f);
    } catch (java.io.IOException e) {
      return "";
    }
  }

  /** The options up to -jar that bin/benchlake passes to java for {@code args}. */
  private static List<String> jvmOptions(String javaOpts, String... args) throws Exception {
    return launch(javaOpts, false, args);
  }

  /** As {@link #jvmOptions}, with the class archives of the built tree when {@code cds}. */
  private static List<String> launch(String javaOpts, boolean cds, String... args)
      throws Exception {
    Path launcher = Path.of("..", "bin", "benchlake").toAbsolutePath().normalize();
    ProcessBuilder pb = new ProcessBuilder(launcher.toString());
    pb.command().addAll(Arrays.asList(args));
    pb.environment().put("BENCHLAKE_HOME", home.toString());
    pb.environment().put("JAVA_HOME", javaHome.toString());
    if (cds) {
      pb.environment().remove("BENCHLAKE_NO_CDS");
    } else {
      pb.environment().put("BENCHLAKE_NO_CDS", "1");
    }
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
