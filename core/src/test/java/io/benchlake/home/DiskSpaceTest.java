package io.benchlake.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DiskSpaceTest {
  @Test
  void aFullDiskDeepInACauseChainIsOneLineNamingThePath() {
    Exception flink =
        new RuntimeException(
            "Job failed",
            new Error(
                "java.io.IOException: No space left on device",
                new FileSystemException("/w/_staging/3/part-0", null, "No space left on device")));
    assertTrue(DiskSpace.isFull(flink));
    EnvironmentException e =
        assertThrows(
            EnvironmentException.class,
            () -> DiskSpace.refuseIfFull(flink, Path.of("/"), Long.MAX_VALUE));
    assertTrue(e.getMessage().startsWith("no space left on the disk of /w/_staging/3/part-0 ("));
    assertTrue(e.getMessage().contains(" needed"), e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
  }

  @Test
  void otherFailuresPassThrough() {
    IOException other = new IOException("Permission denied");
    assertFalse(DiskSpace.isFull(other));
    DiskSpace.refuseIfFull(other, Path.of("/"));
  }
}
