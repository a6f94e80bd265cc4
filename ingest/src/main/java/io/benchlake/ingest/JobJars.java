package io.benchlake.ingest;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/** The jars a Flink cluster of its own (--flink-rest) is sent with the job. */
final class JobJars {
  private JobJars() {}

  /**
   * The jars a cluster needs to run the job, from the directory benchlake's own jars are in: those
   * {@link #isJobJar} names; none when benchlake runs from classes (tests).
   */
  static List<Path> jobJars() {
    try {
      Path self =
          Path.of(JobJars.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (!Files.isRegularFile(self)) {
        return List.of();
      }
      try (var files = Files.list(self.getParent())) {
        return files.filter(JobJars::isJobJar).sorted().toList();
      }
    } catch (IOException | URISyntaxException e) {
      throw new IllegalStateException("cannot list the job's jars: " + e.getMessage(), e);
    }
  }

  /**
   * Whether a jar is one the job ships to a cluster: named (up to its version) in {@code
   * flink-job-jars.txt}, which lists benchlake's jars and the libraries the job uses that a Flink
   * distribution does not have.
   */
  static boolean isJobJar(Path jar) {
    String name = jar.getFileName().toString();
    return name.endsWith(".jar")
        && JOB_JAR_NAMES.stream().anyMatch(w -> name.matches(Pattern.quote(w) + "-\\d.*"));
  }

  private static final List<String> JOB_JAR_NAMES = readJobJarNames();

  private static List<String> readJobJarNames() {
    try (var in = JobJars.class.getResourceAsStream("/flink-job-jars.txt")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .map(String::strip)
          .filter(l -> !l.isEmpty() && !l.startsWith("#"))
          .toList();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot read flink-job-jars.txt", e);
    }
  }
}
