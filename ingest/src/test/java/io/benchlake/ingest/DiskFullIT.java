package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventPublisher;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.home.EnvironmentException;
import io.benchlake.ingest.testing.SyntheticRuns;
import io.benchlake.testing.TestDirs;
import io.benchlake.warehouse.Warehouse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A warehouse on a full disk: one line naming where and how much, staging removed, exit 6. */
@Timeout(120)
class DiskFullIT {
  private static boolean run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
  }

  @Test
  void anIngestOntoAFullDiskIsOneLineAndLeavesNoStaging() throws Exception {
    Path dir = TestDirs.fresh("disk-full");
    Path small = dir.resolve("small");
    Files.createDirectories(small);
    assumeTrue(
        run("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", small.toString()),
        "cannot mount a small tmpfs here (needs root or CAP_SYS_ADMIN)");
    try {
      Warehouse warehouse = new Warehouse(small.resolve("warehouse"));
      try (EventBus bus = EventBus.connect(new BenchlakeHome(dir), Optional.empty())) {
        try (EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
          for (int run = 0; run < 40; run++) {
            SyntheticRuns.run("D" + run, Instant.parse("2026-03-11T13:22:25Z").plusSeconds(run))
                .forEach(publisher::publish);
          }
        }
        EnvironmentException e =
            assertThrows(
                EnvironmentException.class,
                () -> new IngestService(1).ingest(bus.bootstrap(), warehouse));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertTrue(e.getMessage().startsWith("no space left on the disk of "), e.getMessage());
        assertTrue(e.getMessage().contains(small.toString()), e.getMessage());
        assertEquals(0, warehouse.current().seq(), "nothing committed");
        try (Stream<Path> left = Files.walk(warehouse.root())) {
          assertTrue(left.noneMatch(p -> p.toString().contains("_staging")), "staging is removed");
        }
      }
    } finally {
      run("umount", small.toString());
    }
  }
}
