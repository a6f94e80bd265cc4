package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.EnvironmentException;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Manifest.Fingerprint;
import io.benchlake.warehouse.Manifest.LogIdentity;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LogCheckTest {
  private static final LogIdentity BUILT_FROM = new LogIdentity("cluster-a", "topic-a");
  private static final LogIdentity OTHER = new LogIdentity("cluster-b", "topic-b");
  private static final Fingerprint LAST = new Fingerprint(39, "ev-39", "ab12cd34ef56ab12cd34");

  private static Manifest committed(LogIdentity log, Map<Integer, Long> offsets) {
    return new Manifest(
        3, Instant.EPOCH, offsets, offsets, null, Map.of("runs", List.of()), null, log, 10L);
  }

  /** A manifest whose last event below partition 0's offset 40 was {@link #LAST}. */
  private static Manifest fingerprinted(Map<Integer, Long> logStart) {
    return new Manifest(
        3,
        Instant.EPOCH,
        Map.of(0, 40L),
        Map.of(0, 40L),
        null,
        Map.of("runs", List.of()),
        null,
        BUILT_FROM,
        40L,
        Map.of(0, LAST),
        logStart);
  }

  private static LogCheck.Found log(
      LogIdentity id, Map<Integer, Long> start, Map<Integer, Long> end) {
    return new LogCheck.Found(id, start, end, Map.of(0, LAST));
  }

  private static LogCheck.Found log(LogIdentity id, Map<Integer, Long> end) {
    return log(id, Map.of(0, 0L), end);
  }

  private static LogIdentity check(Manifest m, LogCheck.Found found) {
    return LogCheck.check(m, found, m.logStart(), "b:9092");
  }

  @Test
  void theLogTheWarehouseWasBuiltFromPasses() {
    assertEquals(
        BUILT_FROM, check(committed(BUILT_FROM, Map.of(0, 40L)), log(BUILT_FROM, Map.of(0, 50L))));
    assertEquals(BUILT_FROM, check(fingerprinted(Map.of()), log(BUILT_FROM, Map.of(0, 40L))));
  }

  @Test
  void anotherLogIsRefusedNamingBothAndTheWayOut() {
    EnvironmentException e =
        assertThrows(
            EnvironmentException.class,
            () -> check(committed(BUILT_FROM, Map.of(0, 40L)), log(OTHER, Map.of(0, 500L))));
    assertTrue(e.getMessage().contains("cluster-a") && e.getMessage().contains("cluster-b"));
    assertTrue(e.getMessage().contains("ingest --rebuild"), e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
  }

  @Test
  void aManifestWithoutALogAdoptsOneThatReachesItsOffsetsAndRefusesOneThatEndsBelow() {
    Manifest old = committed(null, Map.of(0, 40L, 1, 20L));
    assertEquals(OTHER, check(old, log(OTHER, Map.of(0, 40L, 1, 25L))));
    EnvironmentException e =
        assertThrows(
            EnvironmentException.class, () -> check(old, log(OTHER, Map.of(0, 40L, 1, 7L))));
    assertTrue(e.getMessage().contains("1: 20 → 7"), e.getMessage());
  }

  /** The same cluster and topic id, a partition emptied (its directory lost): not "nothing new". */
  @Test
  void aLogOfTheSameIdentityThatEndsBelowTheCommittedOffsetsIsRefused() {
    EnvironmentException e =
        assertThrows(
            EnvironmentException.class,
            () -> check(committed(BUILT_FROM, Map.of(0, 40L, 1, 9L)), log(BUILT_FROM, Map.of())));
    assertTrue(e.getMessage().contains("0: 40 → 0, 1: 9 → 0"), e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
  }

  /** A partition lost and written again past the committed offset holds other events there. */
  @Test
  void aLogHoldingAnotherEventWhereTheLastCommittedOneWasIsRefused() {
    Fingerprint other = new Fingerprint(39, "ev-other", "99aa99aa99aa99aa");
    EnvironmentException e =
        assertThrows(
            EnvironmentException.class,
            () ->
                check(
                    fingerprinted(Map.of()),
                    new LogCheck.Found(
                        BUILT_FROM, Map.of(0, 0L), Map.of(0, 60L), Map.of(0, other))));
    assertTrue(e.getMessage().contains("ev-other") && e.getMessage().contains("ev-39"));
    assertTrue(e.getMessage().contains("partition 0 offset 39"), e.getMessage());
    EnvironmentException none =
        assertThrows(
            EnvironmentException.class,
            () ->
                check(
                    fingerprinted(Map.of()),
                    new LogCheck.Found(BUILT_FROM, Map.of(0, 0L), Map.of(0, 60L), Map.of())));
    assertTrue(none.getMessage().contains("holds no event"), none.getMessage());
  }

  @Test
  void aLogWhoseStartRoseIsRefusedUnlessARebuildAcceptedThatStart() {
    EnvironmentException e =
        assertThrows(
            EnvironmentException.class,
            () -> check(fingerprinted(Map.of()), log(BUILT_FROM, Map.of(0, 12L), Map.of(0, 60L))));
    assertTrue(e.getMessage().contains("0: 0 → 12"), e.getMessage());
    assertTrue(e.getMessage().contains("--rebuild --accept-log-start"), e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
    assertEquals(
        BUILT_FROM,
        check(fingerprinted(Map.of(0, 12L)), log(BUILT_FROM, Map.of(0, 12L), Map.of(0, 60L))));
    assertThrows(
        EnvironmentException.class,
        () ->
            check(fingerprinted(Map.of(0, 12L)), log(BUILT_FROM, Map.of(0, 13L), Map.of(0, 60L))));
  }

  @Test
  void aNewWarehouseTakesAnyLogThatStartsAtZero() {
    assertEquals(OTHER, check(Manifest.empty(), log(OTHER, Map.of())));
    assertThrows(
        EnvironmentException.class,
        () -> check(Manifest.empty(), log(OTHER, Map.of(1, 5L), Map.of(1, 9L))));
  }
}
