package io.benchlake.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunContextTest {
  private static final Instant STARTED = Instant.parse("2026-03-01T10:00:00Z");

  @Test
  void anImportedRunsIdsAreTheOnesEarlierImportsStored() {
    // Re-imports are deduplicated by id: these are the ids the importers derived before
    // RunContext, written out so that a change to the derivation fails here.
    RunContext run = RunContext.imported("ds", "oltp_read_write", STARTED, "host1");
    assertEquals("956a69f2-dbf7-3580-a8c1-09626f10e09c", run.runId());
    assertEquals("037354ec-a900-34d1-bd7c-18d3bade4296", run.event("run_started").eventId());
    Sample s = run.event("abc", "sample", "12").sample(4, 1, Sample.Phase.measured, 1, 1).build();
    assertEquals("57e1bae4-00e0-32ec-8662-1ae8280fec7d", s.eventId());
    assertEquals(run.runId(), s.runId());
    assertEquals(STARTED, s.emittedAt(), "an import is emitted at the run's start");
    assertEquals(STARTED, s.startedAt());
    assertEquals(EventKind.SAMPLE.schemaId(), s.schema());
  }

  @Test
  void anImportedRunsEventNeedsAPlace() {
    RunContext run = RunContext.imported("r", STARTED);
    assertThrows(IllegalStateException.class, run::event);
  }

  @Test
  void aLiveRunsEventsHaveTheirOwnIdsAndTime() {
    Instant before = Instant.now();
    RunContext run = RunContext.live("r", STARTED);
    RunFinished a = run.event("run_finished").runFinished(RunFinished.Status.completed, null, null);
    RunFinished b = run.event("run_finished").runFinished(RunFinished.Status.completed, null, null);
    assertNotEquals(a.eventId(), b.eventId());
    assertEquals("r", a.runId());
    assertEquals(STARTED, a.startedAt());
    assertTrue(!a.emittedAt().isBefore(before), "emitted when built");
    assertEquals(List.of(), a.properties());
  }

  @Test
  void aCorrectionIsEmittedWhenItIsMade() {
    Instant now = Instant.parse("2026-12-05T02:00:00Z");
    Retraction r =
        RunContext.imported("old", STARTED)
            .emittedAt(now)
            .event("retraction", "digest")
            .retraction("re-imported", List.of("new"), List.of("f.log"));
    assertEquals(now, r.emittedAt());
    assertEquals(STARTED, r.startedAt());
    assertEquals(EventIds.derived("old", "retraction", "digest"), r.eventId());
  }

  @Test
  void aSampleLeftUnsetHasNoFigures() {
    Sample s =
        RunContext.imported("r", STARTED)
            .event("x")
            .sample(8, 2, Sample.Phase.warmup, 10, 5)
            .tps(100)
            .tpm(6000.0)
            .build();
    assertEquals(8, s.threads());
    assertEquals(2, s.iteration());
    assertEquals(Sample.Phase.warmup, s.phase());
    assertEquals(10, s.offsetS());
    assertEquals(5, s.intervalS());
    assertEquals(100, s.tps());
    assertEquals(6000.0, s.tpm());
    assertEquals(0, s.qps());
    assertEquals(null, s.nopm());
    assertEquals(null, s.histogram());
    assertEquals(null, s.hostCpu());
  }
}
