package io.benchlake.importers.hammerdb;

import io.benchlake.home.BadInputException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Which of the files given together belong to which run (docs/import.md): the same run read twice
 * (same jobid, or same time, database and figures) is one; a time profile or counter series goes to
 * the run of its database whose window holds its time; the results of one file, or of the files of
 * one session, form ladders ({@link HammerdbLadder}). Files are one session when each one's results
 * began after the previous one's ended, within {@link #SESSION_GAP} (a ladder written a file per
 * rung: a log per VU count, v6.0's {@code hdb_<jobid>.json} per job); they are read in the order
 * they ran when every one is dated.
 */
final class HammerdbRuns {
  /** A counter may start before vurun; a profile is written after the end snapshot. */
  private static final Duration BEFORE = Duration.ofMinutes(5);

  private static final Duration AFTER = Duration.ofMinutes(10);

  /** The longest pause between the end of one file's result and the next file's, in a session. */
  static final Duration SESSION_GAP = Duration.ofHours(1);

  /** The window of a result whose monitor lines (rampup, duration) were not in the output. */
  private static final Duration UNKNOWN_LENGTH = Duration.ofMinutes(60);

  private final HammerdbDates dates;
  private final Map<HammerdbResult, Set<HammerdbFile>> sources = new IdentityHashMap<>();
  private final List<HammerdbResult> results = new ArrayList<>();

  private HammerdbRuns(HammerdbDates dates) {
    this.dates = dates;
  }

  static List<HammerdbRun> group(
      List<HammerdbFile> files, HammerdbDates dates, boolean repeatsAsIterations) {
    HammerdbRuns g = new HammerdbRuns(dates);
    files.stream().flatMap(f -> f.results.stream()).forEach(g::add);
    for (HammerdbFile f : files) {
      f.profiles.forEach(
          p ->
              g.attach(
                  f,
                  p.where(),
                  "time profile",
                  p.database(),
                  g.dates.when(p),
                  true,
                  r -> r.profile == null,
                  r -> r.offer(p)));
      f.counters.forEach(
          c ->
              g.attach(
                  f,
                  c.where(),
                  "counter series",
                  c.database(),
                  g.dates.when(c),
                  false,
                  r -> r.counter == null,
                  r -> r.counter = r.counter == null ? c : r.counter));
    }
    if (g.results.isEmpty()) {
      throw new BadInputException(
          files.get(0).name
              + ": no TEST RESULT and no monitor lines in the files given: nothing to import as a"
              + " run");
    }
    return g.runs(repeatsAsIterations);
  }

  /** A result, unless it is one already read from another file. */
  private void add(HammerdbResult r) {
    for (HammerdbResult known : results) {
      if (sameRun(known, r)) {
        if (known.finished()
            && r.finished()
            && !(known.nopm.equals(r.nopm) && known.tpm.equals(r.tpm))) {
          throw new BadInputException(
              r.where() + ": job " + r.jobId + " has another result at " + known.where());
        }
        known.fillFrom(r);
        sources.get(known).add(r.file);
        return;
      }
    }
    results.add(r);
    sources.put(r, new LinkedHashSet<>(List.of(r.file)));
  }

  private boolean sameRun(HammerdbResult a, HammerdbResult b) {
    if (a.file == b.file) {
      return false;
    }
    if (a.jobId != null && b.jobId != null) {
      return a.jobId.equals(b.jobId);
    }
    Optional<Instant> ta = dates.start(a);
    Optional<Instant> tb = dates.start(b);
    return a.finished()
        && b.finished()
        && a.nopm.equals(b.nopm)
        && a.tpm.equals(b.tpm)
        && sameDatabase(a.database, b.database)
        && ta.isPresent()
        && tb.isPresent()
        && Duration.between(ta.get(), tb.get()).abs().compareTo(BEFORE) <= 0;
  }

  /**
   * Gives a profile or counter series to its run: a dated one to the run of its database whose
   * window holds its time, else to the first undated run of its database that lacks one
   * (hammerdb.log and hdbxtprofile.log are appended in the same order); an undated one only when
   * there is one run.
   */
  private void attach(
      HammerdbFile f,
      String where,
      String what,
      String database,
      Optional<Instant> when,
      boolean reportedAtEnd,
      Predicate<HammerdbResult> lacks,
      Consumer<HammerdbResult> into) {
    if (when.isEmpty() && results.size() != 1) {
      throw new BadInputException(
          where
              + ": a "
              + what
              + " without a time or jobid cannot be told apart between the "
              + results.size()
              + " runs given with it: import it with the output of its run alone");
    }
    Optional<HammerdbResult> target =
        when.isEmpty()
            ? Optional.of(results.get(0))
            : results.stream()
                .filter(r -> sameDatabase(database, r.database))
                .filter(r -> window(r).map(w -> w.holds(when.get())).orElse(false))
                .min(Comparator.comparing(r -> distance(r, when.get(), reportedAtEnd)));
    if (target.isEmpty()) {
      target =
          results.stream()
              .filter(r -> sameDatabase(database, r.database))
              .filter(r -> dates.start(r).isEmpty() && lacks.test(r))
              .findFirst();
    }
    HammerdbResult r = target.orElseThrow(() -> unmatched(where, what, database, when.get()));
    into.accept(r);
    sources.get(r).add(f);
  }

  /**
   * How far {@code r}'s start is from the start a piece dated {@code when} implies: a profile is
   * reported at the run's end, a counter starts with it. Of overlapping windows, the nearest wins.
   */
  private Duration distance(HammerdbResult r, Instant when, boolean reportedAtEnd) {
    Instant implied = reportedAtEnd ? when.minus(Duration.ofMinutes(r.minutes())) : when;
    return Duration.between(dates.start(r).orElseThrow(), implied).abs();
  }

  private BadInputException unmatched(String where, String what, String database, Instant when) {
    List<String> windows = new ArrayList<>();
    for (HammerdbResult r : results.subList(0, Math.min(3, results.size()))) {
      windows.add(
          r.where()
              + " "
              + (r.database == null ? "?" : r.database)
              + " "
              + window(r).map(Window::toString).orElse("undated"));
    }
    return new BadInputException(
        where
            + ": its "
            + what
            + " ("
            + (database.isEmpty() ? "" : database + ", ")
            + when
            + ") belongs to no run given with it (runs: "
            + String.join("; ", windows)
            + (results.size() > 3 ? "; …" : "")
            + "): import it with the output of its own run");
  }

  private record Window(Instant from, Instant to) {
    boolean holds(Instant t) {
      return !t.isBefore(from) && !t.isAfter(to);
    }

    @Override
    public String toString() {
      return from + " to " + to;
    }
  }

  private Optional<Window> window(HammerdbResult r) {
    Duration length = r.minutes() > 0 ? Duration.ofMinutes(r.minutes()) : UNKNOWN_LENGTH;
    return dates.start(r).map(s -> new Window(s.minus(BEFORE), s.plus(length).plus(AFTER)));
  }

  /** HammerDB names a database differently in its result line, profile and counter. */
  static boolean sameDatabase(String a, String b) {
    if (a == null || b == null || a.isBlank() || b.isBlank()) {
      return true;
    }
    return canonical(a).equals(canonical(b));
  }

  static String canonical(String db) {
    String d = db.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    return switch (d) {
      case "mssqlserver", "mssql", "sqlserver" -> "sqlserver";
      case "postgresql", "postgres", "pg" -> "postgresql";
      case "ora", "oracle" -> "oracle";
      case "db2" -> "db2";
      default -> d;
    };
  }

  /**
   * The ladders of the results (docs/import.md, "A run is a ladder"): the results of one file or
   * session, in order, form one run whose rungs are their VU counts; a VU count seen earlier in the
   * run starts the next run, unless repeats are iterations, and so does another database.
   */
  private List<HammerdbRun> runs(boolean repeatsAsIterations) {
    List<HammerdbRun> out = new ArrayList<>();
    List<HammerdbResult> group = new ArrayList<>();
    for (HammerdbResult r : inSessionOrder()) {
      if (!group.isEmpty()
          && !HammerdbLadder.continues(
              group, r, repeatsAsIterations, sameSession(group.get(group.size() - 1), r))) {
        out.add(run(group));
        group = new ArrayList<>();
      }
      group.add(r);
    }
    out.add(run(group));
    return out;
  }

  /**
   * The results file by file in the order the files ran (by their first result's start) when every
   * file dates one, else in the order the files were given; each file's in its own order.
   */
  private List<HammerdbResult> inSessionOrder() {
    Map<HammerdbFile, List<HammerdbResult>> byFile = new LinkedHashMap<>();
    results.forEach(r -> byFile.computeIfAbsent(r.file, f -> new ArrayList<>()).add(r));
    Map<HammerdbFile, Instant> firstStart = new IdentityHashMap<>();
    for (var file : byFile.entrySet()) {
      Optional<Instant> first =
          file.getValue().stream()
              .flatMap(r -> dates.start(r).stream())
              .min(Comparator.naturalOrder());
      if (first.isEmpty()) {
        return results;
      }
      firstStart.put(file.getKey(), first.get());
    }
    List<HammerdbFile> files = new ArrayList<>(byFile.keySet());
    files.sort(Comparator.comparing(firstStart::get)); // stable: ties keep the order given
    return files.stream().flatMap(f -> byFile.get(f).stream()).toList();
  }

  /**
   * Whether {@code next} ran in the same session as {@code last}: read from the same file, or both
   * dated and {@code next} begun after {@code last} began and at most {@link #SESSION_GAP} after it
   * ended.
   */
  private boolean sameSession(HammerdbResult last, HammerdbResult next) {
    if (last.file == next.file) {
      return true;
    }
    Optional<Instant> began = dates.start(last);
    Optional<Instant> then = dates.start(next);
    if (began.isEmpty() || then.isEmpty() || then.get().isBefore(began.get())) {
      return false;
    }
    Duration length = last.minutes() > 0 ? Duration.ofMinutes(last.minutes()) : UNKNOWN_LENGTH;
    return !then.get().isAfter(began.get().plus(length).plus(SESSION_GAP));
  }

  private HammerdbRun run(List<HammerdbResult> group) {
    Set<HammerdbFile> files = new LinkedHashSet<>();
    group.forEach(r -> files.addAll(sources.get(r)));
    Optional<Instant> start =
        group.stream().flatMap(r -> dates.start(r).stream()).min(Comparator.naturalOrder());
    return new HammerdbRun(
        group,
        files.stream().map(f -> f.name).toList(),
        start,
        files.stream().map(f -> f.modified).min(Comparator.naturalOrder()).orElse(Instant.EPOCH),
        files.stream().map(f -> f.hammerdbVersion).filter(java.util.Objects::nonNull).findFirst(),
        files.stream().map(f -> f.dbVersion).filter(java.util.Objects::nonNull).findFirst(),
        files.stream().map(f -> f.warehouses).filter(java.util.Objects::nonNull).findFirst());
  }
}
