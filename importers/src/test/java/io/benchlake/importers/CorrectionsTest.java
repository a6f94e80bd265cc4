package io.benchlake.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.importers.hammerdb.HammerdbFormat;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.Retraction;
import io.benchlake.schemas.RunFinished;
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
 * Which runs an import retracts and what it publishes, given what earlier imports published: a
 * reading seen before adds nothing, a file that now reads differently retracts the runs it gave and
 * publishes the new reading under ids no earlier event had.
 */
class CorrectionsTest {
  private static final Instant MTIME = Instant.parse("2026-12-04T09:00:00Z");
  private static final Instant REAL = Instant.parse("2023-02-10T14:30:00Z");
  private static final Instant NOW = Instant.parse("2026-12-05T02:00:00Z");
  private static final Map<String, String> DIGESTS =
      Map.of("run.log", "a".repeat(64), "other.txt", "b".repeat(64));
  private final Corrections corrections = new Corrections(new HammerdbFormat());
  private final EventCodec codec = new EventCodec();

  @Test
  void theSameReadingOfTheSameFileAddsNothing() {
    List<Event> first = plan(reading("run.log", MTIME, 1000), EarlierReadings.none()).events();
    Corrections.Plan again = plan(reading("run.log", MTIME, 1000), seen(first));
    assertEquals(List.of(), again.events());
    assertEquals(1, again.runsUnchanged());
    assertEquals(List.of(), again.replaced());
  }

  @Test
  void aFileNowDatedDifferentlyRetractsItsRunAndPublishesTheNewOne() {
    List<Event> first = plan(reading("run.log", MTIME, 1000), EarlierReadings.none()).events();
    String oldRun = first.get(0).runId();
    Corrections.Plan fixed = plan(reading("run.log", REAL, 1000), seen(first));

    Retraction retraction = (Retraction) fixed.events().get(0);
    assertEquals(oldRun, retraction.runId());
    assertEquals(MTIME, retraction.startedAt());
    String newRun = EventIds.importedRun("MariaDB 11.4.2", "TPROC-C", REAL, "db1");
    assertEquals(List.of(newRun), retraction.replacedBy());
    assertEquals(
        List.of("replaced 1 run from run.log: started_at 2026-12-04 -> 2023-02-10"),
        fixed.replaced());
    assertTrue(fixed.events().stream().skip(1).allMatch(e -> e.runId().equals(newRun)));
    assertTrue(fixed.events().stream().anyMatch(RunSource.class::isInstance));
  }

  @Test
  void aValueReadDifferentlyMovesTheRunToANewIdSoNoEventIdComesBackWithOtherContent() {
    List<Event> first = plan(reading("run.log", REAL, 1000), EarlierReadings.none()).events();
    String oldRun = first.get(0).runId();
    Corrections.Plan fixed = plan(reading("run.log", REAL, 1234), seen(first));

    Retraction retraction = (Retraction) fixed.events().get(0);
    assertEquals(oldRun, retraction.runId());
    String newRun = retraction.replacedBy().get(0);
    assertNotEquals(oldRun, newRun);
    Map<String, String> before = seen(first).contentOf();
    for (Event e : fixed.events().subList(1, fixed.events().size())) {
      assertEquals(newRun, e.runId());
      assertFalse(before.containsKey(e.eventId()), e.eventId());
    }
    assertEquals(
        List.of("replaced 1 run from run.log: read differently (values)"), fixed.replaced());
  }

  @Test
  void aRunImportedBeforeSourcesWereRecordedGetsOnlyItsSourceWhenReadTheSame() {
    List<Event> legacy = reading("run.log", REAL, 1000).events();
    Corrections.Plan again = plan(reading("run.log", REAL, 1000), seen(legacy));
    assertEquals(1, again.events().size());
    assertTrue(again.events().get(0) instanceof RunSource);
  }

  @Test
  void aRunImportedBeforeSourcesWereRecordedIsReplacedWhenItsValuesNowReadDifferently() {
    List<Event> legacy = reading("run.log", REAL, 1000).events();
    Corrections.Plan fixed = plan(reading("run.log", REAL, 999), seen(legacy));
    assertEquals(legacy.get(0).runId(), fixed.events().get(0).runId());
    assertTrue(fixed.events().get(0) instanceof Retraction);
  }

  @Test
  void anotherReportOfTheSameRunAddsItsValuesAndRetractsNothing() {
    List<Event> first = plan(reading("run.log", REAL, 1000), EarlierReadings.none()).events();
    ImportBatch tpm = reading("other.txt", REAL, 1000, "TPM", "other start");
    Corrections.Plan second = plan(tpm, seen(first));
    assertTrue(second.events().stream().noneMatch(Retraction.class::isInstance));
    assertEquals(List.of(), second.replaced());
    // its run_started says otherwise than the first report's: the first one's stands
    assertTrue(second.events().stream().noneMatch(RunStarted.class::isInstance));
    assertTrue(second.events().stream().allMatch(e -> e.runId().equals(first.get(0).runId())));
  }

  @Test
  void aRunImportedBeforeSourcesWereRecordedIsFoundByItsIdsWhenItsDateChanges() {
    // As the HammerDB importer derived a result's ids before run_source: the run, the file's
    // digest and the TEST RESULT's line (here 23); the sysbench importer's, without the line.
    for (String idPart : List.of(DIGESTS.get("run.log") + ":23", DIGESTS.get("run.log"))) {
      ImportBatch legacyReading = reading("run.log", MTIME, 1000);
      String oldRun = legacyReading.events().get(0).runId();
      List<Event> legacy = new ArrayList<>(legacyReading.events());
      IterationFinished f = (IterationFinished) legacy.get(1);
      legacy.set(
          1,
          new IterationFinished(
              null,
              EventIds.derived(oldRun, idPart, "iteration_finished"),
              oldRun,
              MTIME,
              MTIME,
              8,
              1,
              f.status(),
              f.measuredS(),
              f.values(),
              List.of(),
              null,
              null));
      Corrections.Plan fixed = plan(reading("run.log", REAL, 1000), seen(legacy));
      assertEquals(oldRun, fixed.events().get(0).runId(), idPart);
      assertEquals(
          List.of("replaced 1 run from run.log: started_at 2026-12-04 -> 2023-02-10"),
          fixed.replaced());
    }
  }

  private Corrections.Plan plan(ImportBatch batch, EarlierReadings earlier) {
    return corrections.plan(List.of(batch), DIGESTS, Map.of("run.log", 40), earlier, NOW);
  }

  /** What a log holding {@code events} tells the next import. */
  private EarlierReadings seen(List<Event> events) {
    Map<String, RunStarted> runs = new HashMap<>();
    Map<String, List<RunSource>> sources = new LinkedHashMap<>();
    Map<String, Retraction> retracted = new HashMap<>();
    Map<String, String> content = new HashMap<>();
    Map<String, String> iterations = new HashMap<>();
    for (Event e : events) {
      if (e instanceof IterationFinished f) {
        iterations.put(f.eventId(), f.runId());
      }
      content.put(e.eventId(), ReadingDigest.of(codec.encode(e)));
      if (e instanceof RunStarted r) {
        runs.put(r.runId(), r);
      } else if (e instanceof RunSource s) {
        sources.computeIfAbsent(s.runId(), k -> new ArrayList<>()).add(s);
      } else if (e instanceof Retraction x) {
        retracted.put(x.runId(), x);
      }
    }
    iterations.values().removeIf(run -> sources.containsKey(run));
    return new EarlierReadings(runs, sources, retracted, content, iterations);
  }

  private static ImportBatch reading(String file, Instant startedAt, double nopm) {
    return reading(file, startedAt, nopm, "NOPM", "start");
  }

  /** A one-iteration TPROC-C run as an importer reads it, with the importers' derived ids. */
  private static ImportBatch reading(
      String file, Instant startedAt, double value, String metric, String tag) {
    String run = EventIds.importedRun("MariaDB 11.4.2", "TPROC-C", startedAt, "db1");
    return new ImportBatch(
        List.of(file),
        List.of(
            new RunStarted(
                null,
                EventIds.derived(run, "run_started"),
                run,
                startedAt,
                startedAt,
                "MariaDB 11.4.2",
                "hammerdb-tprocc",
                "TPROC-C",
                tag,
                "import:hammerdb",
                new RunParameters(
                    "tprocc", null, null, 10, 300.0, "min", 1, List.of(8), null, null, null),
                List.of(),
                null),
            new IterationFinished(
                null,
                EventIds.derived(run, "iteration", metric),
                run,
                startedAt,
                startedAt,
                8,
                1,
                IterationFinished.Status.completed,
                300.0,
                List.of(new IterationValue(metric, value, metric.toLowerCase(), "hammerdb:result")),
                List.of(),
                null,
                null),
            new RunFinished(
                null,
                EventIds.derived(run, "run_finished"),
                run,
                startedAt,
                startedAt,
                RunFinished.Status.completed,
                null)),
        "a run");
  }
}
