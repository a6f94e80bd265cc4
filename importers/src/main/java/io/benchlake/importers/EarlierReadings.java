package io.benchlake.importers;

import io.benchlake.bus.EventLog;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventHead;
import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.EventKind;
import io.benchlake.schemas.InvalidEventException;
import io.benchlake.schemas.Retraction;
import io.benchlake.schemas.RunSource;
import io.benchlake.schemas.RunStarted;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What earlier imports published, as far as a new import needs it: each run's run_started and
 * run_source events, the runs retracted, and the content digest of every event the new import would
 * publish again under the same id.
 *
 * <p>It is read from the event log, not the warehouse: the log is the source of truth and holds
 * every event exactly as published, including those of an import not yet ingested (two imports in a
 * row must see each other) and the raw events behind the warehouse's aggregated rows (a reading is
 * compared event by event). One pass over the log costs what an ingest's read does; events other
 * than the few kinds kept are skipped after their first fields.
 */
public record EarlierReadings(
    Map<String, RunStarted> runs,
    Map<String, List<RunSource>> sources,
    Map<String, Retraction> retracted,
    Map<String, String> contentOf,
    Map<String, String> unsourcedIterations) {

  /** Nothing published yet. */
  public static EarlierReadings none() {
    return new EarlierReadings(Map.of(), Map.of(), Map.of(), Map.of(), Map.of());
  }

  /**
   * The live runs imported before sources were recorded (no run_source) that came from one of
   * {@code files} (SHA-256 and line count of each). Their iteration_finished ids tell: the sysbench
   * importer derived them from the run and the log's digest, the HammerDB importer from the run,
   * the digest and the TEST RESULT's line. (A TAF report's ids hold no digest: such a run is found
   * only when the new reading keeps its run id, by the ids it shares.)
   */
  public Set<String> legacyRunsFrom(Map<String, Integer> files) {
    Set<String> found = new java.util.LinkedHashSet<>();
    for (String run : new java.util.LinkedHashSet<>(unsourcedIterations.values())) {
      if (retracted.containsKey(run)) {
        continue;
      }
      search:
      for (var file : files.entrySet()) {
        if (unsourcedIterations.containsKey(
            EventIds.derived(run, file.getKey(), EventPlaces.ITERATION_FINISHED))) {
          found.add(run);
          break;
        }
        for (int line = 0; line <= file.getValue() + 1; line++) {
          if (unsourcedIterations.containsKey(
              EventIds.derived(
                  run, EventPlaces.atLine(file.getKey(), line), EventPlaces.ITERATION_FINISHED))) {
            found.add(run);
            break search;
          }
        }
      }
    }
    return found;
  }

  /**
   * The live runs an earlier import read from the source of {@code refs} (docs/architecture.md,
   * third-wave amendments): by the same importer, imported as the same dataset and test, from a
   * file of the same path or the same bytes. A run recorded before sources had an identity is
   * matched by the bytes, and by its dataset and test where the new import gives them.
   */
  public Set<String> liveRunsOf(
      String importer, List<SourceRef> refs, Map<String, String> digestOf) {
    Set<String> found = new java.util.LinkedHashSet<>();
    sources.forEach(
        (run, list) -> {
          if (retracted.containsKey(run)) {
            return;
          }
          for (RunSource s : list) {
            if (!s.importer().equals(importer)) {
              continue;
            }
            for (RunSource.SourceDigest f : s.files()) {
              for (SourceRef ref : refs) {
                boolean sameBytes = f.sha256().equals(digestOf.get(ref.file()));
                boolean same =
                    s.importedAs() == null
                        ? sameBytes && givenAs(run, List.of(ref))
                        : s.importedAs().equals(ref.importedAs())
                            && (sameBytes || java.util.Objects.equals(f.path(), ref.path()));
                if (same) {
                  found.add(run);
                }
              }
            }
          }
        });
    return found;
  }

  /** Whether run {@code run} is of a dataset and test some of {@code refs} was imported as. */
  public boolean givenAs(String run, List<SourceRef> refs) {
    RunStarted r = runs.get(run);
    return refs.stream()
        .anyMatch(
            ref ->
                r == null
                    || ((ref.dataset() == null || ref.dataset().equals(r.dataset()))
                        && (ref.test() == null || ref.test().equals(r.testName()))));
  }

  /** Reads the whole event log, keeping the digests of the events whose ids are {@code wanted}. */
  public static EarlierReadings fromLog(String bootstrap, Set<String> wanted) {
    EventCodec codec = new EventCodec();
    Map<String, RunStarted> runs = new HashMap<>();
    Map<String, List<RunSource>> sources = new LinkedHashMap<>();
    Map<String, Retraction> retracted = new HashMap<>();
    Map<String, String> contentOf = new HashMap<>();
    Map<String, String> iterations = new HashMap<>();
    EventLog.readAll(
        bootstrap,
        bytes -> {
          EventHead head = EventHead.of(bytes);
          if (head == null) {
            return; // not an event: ingest refuses it, and no import of a file published it
          }
          if (wanted.contains(head.eventId())) {
            contentOf.put(head.eventId(), ReadingDigest.of(bytes));
          }
          if (head.is(EventKind.ITERATION_FINISHED)) {
            iterations.put(head.eventId(), head.runId());
            return;
          }
          if (!head.is(EventKind.RUN_STARTED)
              && !head.is(EventKind.RUN_SOURCE)
              && !head.is(EventKind.RETRACTION)) {
            return;
          }
          Event event;
          try {
            event = codec.decodeValidated(bytes);
          } catch (InvalidEventException e) {
            return;
          }
          if (event instanceof RunStarted r) {
            runs.put(r.runId(), r);
          } else if (event instanceof RunSource s) {
            sources.computeIfAbsent(s.runId(), k -> new java.util.ArrayList<>()).add(s);
          } else if (event instanceof Retraction x) {
            retracted.put(x.runId(), x);
          }
        });
    // Only imported runs that carry no record of their files are looked up by their ids.
    iterations
        .values()
        .removeIf(
            run ->
                sources.containsKey(run)
                    || !runs.containsKey(run)
                    || !runs.get(run).source().startsWith("import:"));
    return new EarlierReadings(runs, sources, retracted, contentOf, iterations);
  }
}
