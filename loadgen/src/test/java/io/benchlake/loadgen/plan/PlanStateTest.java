package io.benchlake.loadgen.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.loadgen.run.RunProgress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanStateTest {
  private static final Instant STARTED = Instant.parse("2026-12-05T05:00:00Z");

  @TempDir Path dir;

  @Test
  void aCompletedCellIsSavedAtOnceAndARerunSkipsItAndContinuesTheSameRun() {
    Path file = dir.resolve("state").resolve("plan.json");
    PlanState.at(Optional.of(file)).progress(1).completed("run-a", STARTED, 4, 2);

    assertTrue(Files.exists(file), "written after the cell, not at the end of the plan");
    PlanState again = PlanState.at(Optional.of(file));
    RunProgress second = again.progress(1);
    assertFalse(again.isEmpty());
    assertTrue(second.done(4, 2));
    assertFalse(second.done(4, 1));
    assertFalse(second.done(2, 2));
    assertEquals(new RunProgress.Resumed("run-a", STARTED), second.resumes().orElseThrow());
  }

  @Test
  void eachDatasetOfThePlanHasItsOwnProgress() {
    Path file = dir.resolve("plan.json");
    PlanState state = PlanState.at(Optional.of(file));
    state.progress(0).completed("run-a", STARTED, 1, 1);
    state.progress(1).completed("run-b", STARTED, 1, 1);
    state.progress(1).completed("run-b", STARTED, 2, 1);

    PlanState again = PlanState.at(Optional.of(file));
    assertEquals("run-a", again.progress(0).resumes().orElseThrow().runId());
    assertFalse(again.progress(0).done(2, 1));
    assertTrue(again.progress(1).done(1, 1) && again.progress(1).done(2, 1));
    assertTrue(again.progress(2).resumes().isEmpty(), "a dataset not begun starts a new run");
  }

  @Test
  void noStateFileStartsEmptyAndAStateNotKeptWritesNothing() throws Exception {
    PlanState fresh = PlanState.at(Optional.of(dir.resolve("missing.json")));
    assertTrue(fresh.isEmpty());

    PlanState unkept = PlanState.at(Optional.empty());
    unkept.progress(0).completed("run-a", STARTED, 1, 1);
    assertTrue(unkept.progress(0).done(1, 1), "still known within this run");
    try (var files = Files.list(dir)) {
      assertEquals(0, files.count());
    }
  }
}
