package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.IngestService;
import io.benchlake.warehouse.Warehouse;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The refresh after an ingest costs the commit nothing when it cannot be done. */
class CachedHistoriesTest {
  @TempDir Path dir;

  @Test
  void aRefreshThatFailsIsOneLineAndTheIngestStands() throws Exception {
    BenchlakeHome home = homeWithADamagedWarehouse();
    String err =
        stderrOf(
            () ->
                CachedHistories.refreshAfter(
                    new IngestService.Result(7, 10, List.of(), false), home, Warehouse.of(home)));
    assertEquals(1, err.lines().count(), err);
    assertTrue(
        err.startsWith("benchlake: the histories `changes` reads were not kept at ingest 7 ("),
        err);
    assertTrue(err.contains("names no committed manifest"), err);
  }

  @Test
  void anIngestThatCommittedNothingReadsNothing() throws Exception {
    BenchlakeHome home = homeWithADamagedWarehouse();
    String err =
        stderrOf(
            () ->
                CachedHistories.refreshAfter(
                    new IngestService.Result(6, 0, List.of(), true), home, Warehouse.of(home)));
    assertEquals("", err);
  }

  @Test
  void theReasonIsOneLineWhateverTheErrorSays() {
    assertEquals(
        "Binder Error: Referenced column \"x\" not found",
        CachedHistories.reason(
            new IllegalStateException(
                "Binder Error: Referenced column \"x\" not found\n\nLINE 1: SELECT x\n       ^")));
    assertEquals(
        "java.lang.UnsatisfiedLinkError", CachedHistories.reason(new UnsatisfiedLinkError()));
  }

  /** A home whose warehouse's CURRENT names a manifest that is not there. */
  private BenchlakeHome homeWithADamagedWarehouse() throws Exception {
    BenchlakeHome home = new BenchlakeHome(dir);
    Files.createDirectories(home.warehouse().resolve("_ingest"));
    Files.writeString(home.warehouse().resolve("_ingest/CURRENT"), "7\n");
    return home;
  }

  private static String stderrOf(Runnable r) {
    PrintStream old = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      r.run();
    } finally {
      System.setErr(old);
    }
    return err.toString(StandardCharsets.UTF_8);
  }
}
