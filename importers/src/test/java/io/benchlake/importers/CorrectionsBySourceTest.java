package io.benchlake.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.importers.hammerdb.HammerdbFormat;
import io.benchlake.importers.sysbench.SysbenchFormat;
import io.benchlake.importers.taf.TafReportFormat;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.Retraction;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.RunSource;
import io.benchlake.schemas.RunStarted;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Re-import is per source and per run (docs/architecture.md, Identity): a source is what the user
 * imported a file as (dataset, test, path) plus its bytes; the runs of one source are planned
 * together, those of other sources are never touched.
 */
class CorrectionsBySourceTest {
  private static final Instant T1 = Instant.parse("2025-04-14T10:00:00Z");
  private static final Instant T2 = Instant.parse("2025-04-14T14:00:00Z");
  private static final Instant NOW = Instant.parse("2026-12-07T02:00:00Z");
  private static final String A = "a".repeat(64);
  private static final String B = "b".repeat(64);
  private final EventCodec codec = new EventCodec();

  @Test
  void twoLaddersOfOneFileReadAgainRetractNothingAndAddNothing() {
    Corrections c = new Corrections(new HammerdbFormat());
    List<ImportBatch> twoLadders =
        List.of(run("hammerdb.log", "A", T1, 5000, null), run("hammerdb.log", "A", T2, 6000, null));
    Corrections.Plan first = c.plan(twoLadders, Map.of("hammerdb.log", A), Map.of(), none(), NOW);
    Corrections.Plan again =
        c.plan(twoLadders, Map.of("hammerdb.log", A), Map.of(), seen(first.events()), NOW);
    assertEquals(List.of(), again.events());
    assertEquals(List.of(), again.replaced());
    assertEquals(2, again.runsUnchanged());
  }

  @Test
  void oneChangedLadderOfAFileIsRetractedOnceAndTheOtherKeepsItsEvents() {
    Corrections c = new Corrections(new HammerdbFormat());
    List<Event> log =
        c.plan(
                List.of(
                    run("hammerdb.log", "A", T1, 5000, null),
                    run("hammerdb.log", "A", T2, 6000, null)),
                Map.of("hammerdb.log", A),
                Map.of(),
                none(),
                NOW)
            .events();
    Corrections.Plan edited =
        c.plan(
            List.of(
                run("hammerdb.log", "A", T1, 5000, null), run("hammerdb.log", "A", T2, 6100, null)),
            Map.of("hammerdb.log", B),
            Map.of(),
            seen(log),
            NOW);
    List<Retraction> retractions =
        edited.events().stream()
            .filter(Retraction.class::isInstance)
            .map(Retraction.class::cast)
            .toList();
    assertEquals(1, retractions.size());
    assertEquals(runId("A", T2), retractions.get(0).runId());
    assertEquals(
        List.of("replaced 1 run from hammerdb.log: read differently (values)"), edited.replaced());
    assertTrue(
        edited.events().stream()
            .noneMatch(e -> e.runId().equals(runId("A", T1)) && !(e instanceof RunSource)),
        "the unchanged ladder publishes none of its events again");

    List<Event> after = new ArrayList<>(log);
    after.addAll(edited.events());
    Corrections.Plan third =
        c.plan(
            List.of(
                run("hammerdb.log", "A", T1, 5000, null), run("hammerdb.log", "A", T2, 6100, null)),
            Map.of("hammerdb.log", B),
            Map.of(),
            seen(after),
            NOW);
    assertEquals(List.of(), third.events(), "the corrected reading, read again, adds nothing");
  }

  @Test
  void theSameLogForTwoDatasetsIsTwoSources() {
    Corrections c = new Corrections(new SysbenchFormat());
    List<Event> log =
        c.plan(
                List.of(run("oltp.log", "A", T1, 1384.8, null)),
                Map.of("oltp.log", A),
                Map.of(),
                none(),
                NOW)
            .events();
    Corrections.Plan other =
        c.plan(
            List.of(run("oltp.log", "B", T1, 1384.8, null)),
            Map.of("oltp.log", A),
            Map.of(),
            seen(log),
            NOW);
    assertTrue(other.events().stream().noneMatch(Retraction.class::isInstance));
    assertTrue(other.events().stream().allMatch(e -> e.runId().equals(runId("B", T1))));
  }

  @Test
  void aRunOfAnEarlierImporterVersionIsMatchedByItsDigestAndReplacedOnce() {
    // version 2 recorded the file's name and digest only, and one run per rung
    List<Event> old = new ArrayList<>(run("hammerdb.log", "A", T2, 6000, null).events());
    old.add(
        RunContext.imported(runId("A", T2), T2)
            .event("run_source", A)
            .runSource(
                "hammerdb", 2, List.of(new RunSource.SourceDigest("hammerdb.log", A, null)), null));
    Corrections.Plan upgrade =
        new Corrections(new HammerdbFormat())
            .plan(
                List.of(run("hammerdb.log", "A", T1, 5000, null)),
                Map.of("hammerdb.log", A),
                Map.of(),
                seen(old),
                NOW);
    Retraction r = (Retraction) upgrade.events().get(0);
    assertEquals(runId("A", T2), r.runId());
    assertEquals(
        List.of("replaced 1 run from hammerdb.log: read by importer version 2, now 4"),
        upgrade.replaced());
  }

  @Test
  void aReportNowNamingItsTestbedKeepsItsRunIdAndPublishesANewerStartOnce() {
    Corrections c = new Corrections(new TafReportFormat());
    List<Event> log =
        new ArrayList<>(
            c.plan(
                    List.of(run("r.txt", "A", T1, 10, null)),
                    Map.of("r.txt", A),
                    Map.of(),
                    none(),
                    NOW)
                .events());
    Corrections.Plan named =
        c.plan(
            List.of(run("r.txt", "A", T1, 10, "db-host-1")),
            Map.of("r.txt", A),
            Map.of(),
            seen(log),
            NOW);
    assertEquals(List.of(), named.replaced());
    RunStarted newer = (RunStarted) named.events().get(0);
    assertEquals(runId("A", T1), newer.runId());
    assertEquals("db-host-1", newer.testbed());
    assertNotEquals(EventIds.derived(runId("A", T1), "run_started"), newer.eventId());
    log.addAll(named.events());
    assertEquals(
        List.of(),
        c.plan(
                List.of(run("r.txt", "A", T1, 10, "db-host-1")),
                Map.of("r.txt", A),
                Map.of(),
                seen(log),
                NOW)
            .events());
  }

  private static String runId(String dataset, Instant startedAt) {
    return EventIds.importedRun(dataset, "TPROC-C", startedAt, "h");
  }

  /** A one-rung run of {@code dataset} read from {@code file}, imported as that dataset. */
  private static ImportBatch run(
      String file, String dataset, Instant startedAt, double nopm, String testbed) {
    RunContext run = RunContext.imported(dataset, "TPROC-C", startedAt, "h");
    List<Event> events =
        List.of(
            run.event("run_started")
                .runStarted(
                    dataset,
                    "hammerdb-tprocc",
                    "TPROC-C",
                    null,
                    "import:hammerdb",
                    new RunParameters(
                        "tprocc", null, null, 10, 300.0, "min", 1, List.of(8), null, null, null),
                    List.of(),
                    testbed),
            run.event("iteration", "NOPM")
                .iterationFinished(
                    8,
                    1,
                    IterationFinished.Status.completed,
                    300.0,
                    List.of(new IterationValue("NOPM", nopm, "nopm", "hammerdb:result")),
                    List.of(),
                    null,
                    null),
            ImportedRun.finished(run, null));
    return new ImportBatch(List.of(file), events, "a run")
        .withSources(f -> new SourceRef(f, f, dataset, "TPROC-C"));
  }

  private static EarlierReadings none() {
    return EarlierReadings.none();
  }

  /** What a log holding {@code events} tells the next import. */
  private EarlierReadings seen(List<Event> events) {
    Map<String, RunStarted> runs = new HashMap<>();
    Map<String, List<RunSource>> sources = new LinkedHashMap<>();
    Map<String, Retraction> retracted = new HashMap<>();
    Map<String, String> content = new HashMap<>();
    for (Event e : events) {
      content.put(e.eventId(), ReadingDigest.of(codec.encode(e)));
      if (e instanceof RunStarted r) {
        runs.put(r.runId(), r);
      } else if (e instanceof RunSource s) {
        sources.computeIfAbsent(s.runId(), k -> new ArrayList<>()).add(s);
      } else if (e instanceof Retraction x) {
        retracted.put(x.runId(), x);
      }
    }
    return new EarlierReadings(runs, sources, retracted, content, Map.of());
  }
}
