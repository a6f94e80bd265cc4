package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.EnvironmentException;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Manifest.LogIdentity;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LogCheckTest {
  private static final LogIdentity BUILT_FROM = new LogIdentity("cluster-a", "topic-a");
  private static final LogIdentity OTHER = new LogIdentity("cluster-b", "topic-b");

  private static Manifest committed(LogIdentity log, Map<Integer, Long> offsets) {
    return new Manifest(
        3, Instant.EPOCH, offsets, offsets, null, Map.of("runs", List.of()), null, log, 10L);
  }

  @Test
  void theLogTheWarehouseWasBuiltFromPasses() {
    assertEquals(
        BUILT_FROM,
        LogCheck.check(
            committed(BUILT_FROM, Map.of(0, 40L)), BUILT_FROM, Map.of(0, 50L), "b:9092"));
  }

  @Test
  void anotherLogIsRefusedNamingBothAndTheWayOut() {
    EnvironmentException e =
        assertThrows(
            EnvironmentException.class,
            () ->
                LogCheck.check(
                    committed(BUILT_FROM, Map.of(0, 40L)), OTHER, Map.of(0, 500L), "b:9092"));
    assertTrue(e.getMessage().contains("cluster-a") && e.getMessage().contains("cluster-b"));
    assertTrue(e.getMessage().contains("ingest --rebuild"), e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
  }

  @Test
  void aManifestWithoutALogAdoptsOneThatReachesItsOffsetsAndRefusesOneThatEndsBelow() {
    Manifest old = committed(null, Map.of(0, 40L, 1, 20L));
    assertEquals(OTHER, LogCheck.check(old, OTHER, Map.of(0, 40L, 1, 25L), "b:9092"));
    EnvironmentException e =
        assertThrows(
            EnvironmentException.class,
            () -> LogCheck.check(old, OTHER, Map.of(0, 40L, 1, 7L), "b:9092"));
    assertTrue(e.getMessage().contains("1: 20 → 7"), e.getMessage());
  }

  @Test
  void aNewWarehouseTakesAnyLog() {
    assertEquals(OTHER, LogCheck.check(Manifest.empty(), OTHER, Map.of(), "b:9092"));
  }
}
