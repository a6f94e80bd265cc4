package io.benchlake.importers;

import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventEnvelope;
import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.RunSource;
import io.benchlake.schemas.RunStarted;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decides what an import of text results publishes, given what earlier imports published
 * (docs/architecture.md, Corrections; third wave: a source's identity). Re-import is per source and
 * per run: the batches that read one source ({@link SourceRef}: what the user imported it as, or
 * its bytes) are planned together; a run read as before adds nothing; the earlier runs of that
 * source that the new reading does not give again are retracted once, and the changed runs
 * published under ids no earlier event had. Runs of other sources are never touched. Every run
 * published gets a run_source naming its files, their digests and paths, what they were imported as
 * and the importer's version.
 */
public final class Corrections {
  private final String importer;
  private final int importerVersion;
  private final EventCodec codec = new EventCodec();

  public Corrections(FormatImporter format) {
    this.importer = format.name();
    this.importerVersion = format.version();
  }

  /** What to publish, in order, and what it replaced; {@code runsUnchanged}: read as before. */
  public record Plan(List<Event> events, List<String> replaced, int runsUnchanged) {}

  /**
   * One run of the new reading: its own id, its events, the ids it shares with other content, and
   * its start when only that names a testbed the run published before did not have.
   */
  private record NewRun(
      String runId, List<Event> events, List<String> conflicting, RunStarted newTestbed) {}

  /**
   * @param digestOf the SHA-256 of each batch's files, by the name the batch gives them
   * @param linesOf the number of lines of each
   * @param now when the retractions are made
   */
  public Plan plan(
      List<ImportBatch> batches,
      Map<String, String> digestOf,
      Map<String, Integer> linesOf,
      EarlierReadings earlier,
      Instant now) {
    List<Event> out = new ArrayList<>();
    List<String> replaced = new ArrayList<>();
    int unchanged = 0;
    for (List<ImportBatch> group : SourceGroups.of(batches, digestOf)) {
      unchanged += planGroup(group, digestOf, linesOf, earlier, now, out, replaced);
    }
    return new Plan(out, replaced, unchanged);
  }

  private int planGroup(
      List<ImportBatch> group,
      Map<String, String> digestOf,
      Map<String, Integer> linesOf,
      EarlierReadings earlier,
      Instant now,
      List<Event> out,
      List<String> replaced) {
    List<SourceRef> refs = group.stream().flatMap(b -> b.sources().stream()).distinct().toList();
    List<String> files = refs.stream().map(SourceRef::file).distinct().toList();
    Set<String> fromThisSource = earlier.liveRunsOf(importer, refs, digestOf);
    Map<String, Integer> lines = new LinkedHashMap<>();
    files.forEach(f -> lines.put(digestOf.get(f), linesOf.getOrDefault(f, 0)));
    for (String legacy : earlier.legacyRunsFrom(lines)) {
      if (earlier.givenAs(legacy, refs)) {
        fromThisSource.add(legacy);
      }
    }
    Set<String> keep = new LinkedHashSet<>();
    List<NewRun> changed = new ArrayList<>();
    List<Event> recordOnly = new ArrayList<>();
    int unchanged = 0;
    for (ImportBatch batch : group) {
      for (var run : byRun(batch.events()).entrySet()) {
        NewRun r = compare(run.getKey(), run.getValue(), earlier);
        String kept = readBefore(r, earlier);
        if (kept == null) {
          changed.add(r);
          continue;
        }
        keep.add(kept);
        unchanged++;
        if (kept.equals(r.runId()) && r.newTestbed() != null) {
          recordOnly.add(testbedNamed(r.newTestbed(), now));
        }
        List<Event> events = kept.equals(r.runId()) ? r.events() : rekeyedAll(r.events(), kept);
        RunSource source = source(kept, events, batch.sources(), digestOf);
        if (!sameAsBefore(source, earlier)) {
          recordOnly.add(source); // read as before, not yet recorded as this source
        }
      }
    }
    Set<String> retract = new LinkedHashSet<>(fromThisSource);
    retract.removeAll(keep);
    for (NewRun r : changed) {
      boolean sibling = isSibling(r.runId(), earlier, fromThisSource);
      if (!r.conflicting().isEmpty() && !sibling && !earlier.retracted().containsKey(r.runId())) {
        // The run's events came from a reading of this source that left no record of it (an import
        // older than run_source): the new reading replaces it too.
        retract.add(r.runId());
      }
    }
    List<String> newIds = new ArrayList<>();
    List<Event> published = new ArrayList<>();
    for (NewRun r : changed) {
      String id =
          retract.contains(r.runId()) || earlier.retracted().containsKey(r.runId())
              ? movedId(r)
              : r.runId();
      List<Event> events = r.events();
      if (id.equals(r.runId()) && isSibling(r.runId(), earlier, fromThisSource)) {
        // Another report of the same run (the NOPM and the DELIVERY_ratio report) gave its
        // run_started and environment first: those stand, this report adds its own values.
        events = events.stream().filter(e -> !r.conflicting().contains(e.eventId())).toList();
      }
      List<Event> moved = id.equals(r.runId()) ? events : rekeyedAll(events, id);
      newIds.add(id);
      published.addAll(moved);
      published.add(source(id, moved, sourcesOf(group, r.runId()), digestOf));
    }
    if (!retract.isEmpty()) {
      List<String> notes = new ArrayList<>();
      for (String old : retract) {
        RunStarted before = earlier.runs().get(old);
        out.add(
            RunContext.imported(old, before == null ? now : before.startedAt())
                .emittedAt(now)
                .event("retraction", ReadingDigest.of(published, codec))
                .retraction(
                    "re-imported " + String.join(", ", files) + ": " + note(old, earlier, changed),
                    newIds,
                    files));
        notes.add(note(old, earlier, changed));
      }
      replaced.add(
          String.format(
              "replaced %d run%s from %s: %s",
              retract.size(),
              retract.size() == 1 ? "" : "s",
              String.join(", ", files),
              RetractionNotes.summary(notes)));
    }
    out.addAll(recordOnly);
    published.stream().filter(e -> !sameAsBefore(e, earlier)).forEach(out::add);
    return unchanged;
  }

  /**
   * The id under which {@code r} is already in the log as it now reads: its own, or the id an
   * earlier correction moved it to; null when it is not.
   */
  private String readBefore(NewRun r, EarlierReadings earlier) {
    if (!earlier.retracted().containsKey(r.runId())
        && r.conflicting().isEmpty()
        && r.events().stream().allMatch(e -> earlier.contentOf().containsKey(e.eventId()))) {
      return r.runId();
    }
    String moved = movedId(r);
    if (earlier.retracted().containsKey(moved) || !earlier.runs().containsKey(moved)) {
      return null;
    }
    boolean same = rekeyedAll(r.events(), moved).stream().allMatch(e -> sameAsBefore(e, earlier));
    return same ? moved : null;
  }

  private boolean sameAsBefore(Event e, EarlierReadings earlier) {
    if (e instanceof RunSource s) {
      // the import asks the log for the ids it parsed; its run_source records are kept whole
      return earlier.sources().getOrDefault(s.runId(), List.of()).contains(s);
    }
    String before = earlier.contentOf().get(e.eventId());
    return before != null && before.equals(ReadingDigest.of(codec.encode(e)));
  }

  /** Whether run {@code id} was published from another source (another report of the same run). */
  private static boolean isSibling(String id, EarlierReadings earlier, Set<String> fromThisSource) {
    return earlier.sources().containsKey(id)
        && !fromThisSource.contains(id)
        && !earlier.retracted().containsKey(id);
  }

  /** The id a changed reading of a run takes: derived from its own and the reading's content. */
  private String movedId(NewRun r) {
    return EventIds.derived(r.runId(), "reading", ReadingDigest.of(r.events(), codec));
  }

  private static Map<String, List<Event>> byRun(List<Event> events) {
    Map<String, List<Event>> runs = new LinkedHashMap<>();
    events.forEach(e -> runs.computeIfAbsent(e.runId(), k -> new ArrayList<>()).add(e));
    return runs;
  }

  private static List<SourceRef> sourcesOf(List<ImportBatch> group, String runId) {
    return group.stream()
        .filter(b -> b.events().stream().anyMatch(e -> e.runId().equals(runId)))
        .findFirst()
        .map(ImportBatch::sources)
        .orElseThrow();
  }

  /** A run of the new reading, with the ids it shares with earlier events of other content. */
  private NewRun compare(String runId, List<Event> events, EarlierReadings earlier) {
    List<String> conflicting = new ArrayList<>();
    RunStarted newTestbed = null;
    for (Event e : events) {
      String before = earlier.contentOf().get(e.eventId());
      if (before == null || before.equals(ReadingDigest.of(codec.encode(e)))) {
        continue;
      }
      if (e instanceof RunStarted s
          && s.testbed() != null
          && before.equals(ReadingDigest.of(codec.encode(s.withTestbed(null))))) {
        // read as before, and now its testbed is named (a report's Host, --testbed): the run
        // keeps its id, and a newer run_started names the testbed, unless one already does
        RunStarted newest = earlier.runs().get(runId);
        newTestbed = newest != null && s.testbed().equals(newest.testbed()) ? null : s;
        continue;
      }
      conflicting.add(e.eventId());
    }
    return new NewRun(runId, events, conflicting, newTestbed);
  }

  /** A newer run_started of the run, naming its testbed, emitted {@code now}. */
  private static RunStarted testbedNamed(RunStarted s, Instant now) {
    return new RunStarted(
        null,
        EventIds.derived(s.runId(), "run_started", "testbed " + s.testbed(), now.toString()),
        s.runId(),
        now,
        s.startedAt(),
        s.dataset(),
        s.testSuite(),
        s.testName(),
        s.tag(),
        s.source(),
        s.parameters(),
        s.properties(),
        s.testbed());
  }

  /** Why run {@code old} is retracted, as the import prints it. */
  private String note(String old, EarlierReadings earlier, List<NewRun> changed) {
    int version =
        earlier.sources().getOrDefault(old, List.of()).stream()
            .mapToInt(RunSource::importerVersion)
            .max()
            .orElse(importerVersion);
    if (version < importerVersion) {
      return "read by importer version " + version + ", now " + importerVersion;
    }
    RunStarted before = earlier.runs().get(old);
    List<RunStarted> after =
        changed.stream()
            .flatMap(r -> r.events().stream())
            .filter(RunStarted.class::isInstance)
            .map(RunStarted.class::cast)
            .toList();
    return RetractionNotes.change(before, after);
  }

  /** The record of where run {@code runId} was read from, dated as its events are. */
  private RunSource source(
      String runId, List<Event> events, List<SourceRef> refs, Map<String, String> digestOf) {
    List<RunSource.SourceDigest> files =
        refs.stream()
            .map(f -> new RunSource.SourceDigest(f.file(), digestOf.get(f.file()), f.path()))
            .toList();
    TreeSet<String> identity = new TreeSet<>();
    files.forEach(f -> identity.add(f.sha256() + " " + f.path()));
    String importedAs = refs.get(0).importedAs();
    Instant startedAt = events.get(0).startedAt();
    return RunContext.imported(runId, startedAt)
        .event(
            "run_source",
            String.join(",", identity),
            "version " + importerVersion,
            "as " + importedAs)
        .runSource(importer, importerVersion, files, importedAs);
  }

  private static List<Event> rekeyedAll(List<Event> events, String runId) {
    return events.stream().map(e -> rekeyed(e, runId)).toList();
  }

  /** The event under run {@code runId}, with an id derived from its own and the run's. */
  static Event rekeyed(Event event, String runId) {
    return EventEnvelope.movedTo(event, runId).around(event);
  }
}
