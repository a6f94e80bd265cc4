package io.benchlake.importers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.RunSource;
import io.benchlake.schemas.RunStarted;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decides what an import of text results publishes, given what earlier imports published
 * (DESIGN.md, Amendments: Corrections). A run read as before from a file read before adds nothing.
 * A file read before that now reads differently (a fixed date, test name or value) retracts the
 * runs it gave and publishes the new reading; a new reading that would reuse a retracted run's id
 * takes an id derived from it, so that no event id ever comes back with other content. Every run
 * published gets a run_source naming its files' digests and the importer's version.
 */
public final class Corrections {
  private final String importer;
  private final int importerVersion;
  private final EventCodec codec = new EventCodec();

  public Corrections(ImportFormat format) {
    this.importer = format.cliName();
    this.importerVersion = ImporterVersions.of(format);
  }

  /** What to publish, in order, and what it replaced; {@code runsUnchanged}: read as before. */
  public record Plan(List<Event> events, List<String> replaced, int runsUnchanged) {}

  /** The events one run of the new reading would publish under the importer's own ids. */
  private record NewRun(String runId, List<Event> events, List<String> conflicting) {}

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
    for (ImportBatch batch : batches) {
      List<RunSource.SourceDigest> files =
          batch.files().stream().map(f -> new RunSource.SourceDigest(f, digestOf.get(f))).toList();
      Set<String> digests = new TreeSet<>();
      files.forEach(f -> digests.add(f.sha256()));
      Set<String> fromTheseFiles = earlier.liveRunsFrom(digests);
      Map<String, Integer> lines = new LinkedHashMap<>();
      batch.files().forEach(f -> lines.put(digestOf.get(f), linesOf.getOrDefault(f, 0)));
      fromTheseFiles.addAll(earlier.legacyRunsFrom(lines));
      Set<String> keep = new LinkedHashSet<>();
      List<NewRun> changed = new ArrayList<>();
      for (var run : byRun(batch.events()).entrySet()) {
        NewRun r = compare(run.getKey(), run.getValue(), earlier);
        boolean readBefore =
            r.events().stream().allMatch(e -> earlier.contentOf().containsKey(e.eventId()));
        if (readBefore
            && r.conflicting().isEmpty()
            && !earlier.retracted().containsKey(r.runId())) {
          keep.add(r.runId());
          unchanged++;
          if (!earlier.liveRunsFrom(digests).contains(r.runId())) {
            // Published before, but with no record of these files (imported before sources were
            // recorded): only the record is new.
            out.add(source(r.runId(), r.events(), files));
          }
        } else {
          changed.add(r);
        }
      }
      Set<String> retract = new LinkedHashSet<>(fromTheseFiles);
      retract.removeAll(keep);
      for (NewRun r : changed) {
        boolean sibling =
            earlier.sources().containsKey(r.runId()) && !fromTheseFiles.contains(r.runId());
        if (!r.conflicting().isEmpty() && !sibling) {
          // The run's events came from a reading of these files that left no record of them (an
          // import older than run_source): the new reading replaces it too.
          retract.add(r.runId());
        }
      }
      List<String> newIds = new ArrayList<>();
      List<Event> published = new ArrayList<>();
      for (NewRun r : changed) {
        String id =
            retract.contains(r.runId()) || earlier.retracted().containsKey(r.runId())
                ? EventIds.derived(r.runId(), "reading", ReadingDigest.of(r.events(), codec))
                : r.runId();
        List<Event> events = r.events();
        if (earlier.sources().containsKey(r.runId()) && id.equals(r.runId())) {
          // Another report of the same run (the NOPM and the DELIVERY_ratio report) gave its
          // run_started and environment first: those stand, this report adds its own values.
          events = events.stream().filter(e -> !r.conflicting().contains(e.eventId())).toList();
        }
        newIds.add(id);
        for (Event e : events) {
          published.add(id.equals(r.runId()) ? e : rekeyed(e, id));
        }
        published.add(source(id, events, files));
      }
      List<String> notes = new ArrayList<>();
      for (String old : retract) {
        RunStarted before = earlier.runs().get(old);
        String change = change(before, changed, earlier);
        notes.add(change);
        out.add(
            RunContext.imported(old, before == null ? now : before.startedAt())
                .emittedAt(now)
                .event("retraction", ReadingDigest.of(published, codec))
                .retraction(
                    "re-imported " + String.join(", ", batch.files()) + ": " + change,
                    newIds,
                    batch.files()));
      }
      if (!retract.isEmpty()) {
        replaced.add(
            String.format(
                "replaced %d run%s from %s: %s",
                retract.size(),
                retract.size() == 1 ? "" : "s",
                String.join(", ", batch.files()),
                String.join("; ", notes)));
      }
      out.addAll(published);
    }
    return new Plan(out, replaced, unchanged);
  }

  private static Map<String, List<Event>> byRun(List<Event> events) {
    Map<String, List<Event>> runs = new LinkedHashMap<>();
    events.forEach(e -> runs.computeIfAbsent(e.runId(), k -> new ArrayList<>()).add(e));
    return runs;
  }

  /** A run of the new reading, with the ids it shares with earlier events of other content. */
  private NewRun compare(String runId, List<Event> events, EarlierReadings earlier) {
    List<String> conflicting = new ArrayList<>();
    for (Event e : events) {
      String before = earlier.contentOf().get(e.eventId());
      if (before != null && !before.equals(ReadingDigest.of(codec.encode(e)))) {
        conflicting.add(e.eventId());
      }
    }
    return new NewRun(runId, events, conflicting);
  }

  /** What the new reading says otherwise of a retracted run: its date, dataset, test or values. */
  private static String change(RunStarted before, List<NewRun> changed, EarlierReadings earlier) {
    if (before == null || changed.isEmpty()) {
      return "no longer read from these files";
    }
    RunStarted after =
        changed.stream()
            .flatMap(r -> r.events().stream())
            .filter(RunStarted.class::isInstance)
            .map(RunStarted.class::cast)
            .filter(s -> s.dataset().equals(before.dataset()))
            .findFirst()
            .orElse(null);
    if (after == null) {
      return "dataset " + before.dataset() + " no longer read from these files";
    }
    List<String> parts = new ArrayList<>();
    if (!after.startedAt().equals(before.startedAt())) {
      boolean sameDay = day(after.startedAt()).equals(day(before.startedAt()));
      parts.add(
          "started_at "
              + (sameDay ? before.startedAt() : day(before.startedAt()))
              + " -> "
              + (sameDay ? after.startedAt() : day(after.startedAt())));
    }
    if (!Objects.equals(after.testName(), before.testName())) {
      parts.add("test " + before.testName() + " -> " + after.testName());
    }
    if (parts.isEmpty()) {
      long differ =
          changed.stream()
              .filter(r -> r.runId().equals(before.runId()))
              .mapToLong(
                  r ->
                      r.events().stream()
                              .filter(e -> !earlier.contentOf().containsKey(e.eventId()))
                              .count()
                          + r.conflicting().size())
              .sum();
      parts.add(differ + " event(s) read differently (values)");
    }
    return String.join(", ", parts);
  }

  private static String day(Instant instant) {
    return instant.atOffset(ZoneOffset.UTC).toLocalDate().toString();
  }

  /** The record of where run {@code runId} was read from, dated as its events are. */
  private RunSource source(String runId, List<Event> events, List<RunSource.SourceDigest> files) {
    TreeSet<String> digests = new TreeSet<>();
    files.forEach(f -> digests.add(f.sha256()));
    Instant startedAt = events.get(0).startedAt();
    return RunContext.imported(runId, startedAt)
        .event("run_source", String.join(",", digests))
        .runSource(importer, importerVersion, files);
  }

  /** The event under run {@code runId}, with an id derived from its own and the run's. */
  static Event rekeyed(Event event, String runId) {
    ObjectNode tree = EventCodec.mapper().valueToTree(event);
    tree.put("run_id", runId);
    tree.put("event_id", EventIds.derived(event.eventId(), runId));
    try {
      return EventCodec.mapper().treeToValue(tree, event.getClass());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot move " + event.eventId() + " to run " + runId, e);
    }
  }
}
