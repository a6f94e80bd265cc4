package io.benchlake.importers.hammerdb;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.EventPlaces;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportedRun;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.Property;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.Sample;
import io.benchlake.schemas.TransactionTiming;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns one HammerDB run, a ladder ({@link HammerdbLadder}), into events: each TEST RESULT is an
 * iteration at its active virtual user count (docs/architecture.md, TPROC-C) with NOPM, TPM and,
 * where a time profile was written, each procedure's timing; the transaction counter becomes
 * samples, measured inside the timed window only.
 */
public final class HammerdbImporter {
  private HammerdbImporter() {}

  /**
   * What the outputs may not say. {@code startedAt} dates a run its files do not date; {@code
   * useFileTime} lets the file's modification time do so instead; {@code timezone} reads local
   * times whose zone the files leave open; {@code repeatsAsIterations}: a VU count seen earlier in
   * a run is its next iteration, not the next run; {@code testbed} names the machine.
   */
  public record RunFacts(
      Optional<String> dataset,
      String test,
      Optional<String> serverVersion,
      String host,
      Optional<Instant> startedAt,
      boolean useFileTime,
      Optional<ZoneId> timezone,
      boolean repeatsAsIterations,
      Optional<String> testbed) {}

  /** The events of {@code run}, started at {@code startedAt}. */
  static ImportBatch toEvents(
      HammerdbRun run, RunFacts facts, Instant startedAt, HammerdbDates dates) {
    HammerdbResult first = run.first();
    HammerdbDatabase db = HammerdbDatabase.of(first.database, run.dbVersion().orElse(null));
    String version = facts.serverVersion().or(run::dbVersion).orElse(null);
    String dataset =
        facts
            .dataset()
            .orElseGet(
                () -> {
                  if (version == null) {
                    throw new BadInputException(
                        first.where()
                            + ": the HammerDB output names no server version (DBVersion:): give --dataset LABEL");
                  }
                  return db.label() + " " + version;
                });
    for (HammerdbResult r : run.iterations()) {
      if (r.virtualUsers() == null) {
        throw new BadInputException(
            r.where()
                + ": no virtual user count for this "
                + (r.finished() ? "TEST RESULT" : "run")
                + ": no 'Active Virtual Users configured', no 'Virtual Users Created with Monitor"
                + " VU' and no worker VU output before it: give --vus N (active VUs, as vuset vu)");
      }
    }
    RunContext runContext = RunContext.imported(dataset, facts.test(), startedAt, facts.host());
    List<HammerdbLadder.Place> places = HammerdbLadder.places(run.iterations());
    List<Integer> rungs = HammerdbLadder.rungs(run.iterations());
    List<Event> body = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < run.iterations().size(); i++) {
      HammerdbResult r = run.iterations().get(i);
      HammerdbLadder.Place at = places.get(i);
      failures.add(failure(r));
      body.addAll(
          iteration(
              runContext, at.vus(), at.iteration(), r, failures.get(i), counterLead(r, dates)));
    }
    String error = HammerdbLadder.failure(run.iterations(), failures);
    int iterations = places.stream().mapToInt(HammerdbLadder.Place::iteration).max().orElse(1);
    List<Event> events = new ArrayList<>();
    events.add(
        runContext
            .event("run_started")
            .runStarted(
                dataset,
                "hammerdb-tprocc",
                facts.test(),
                null,
                "import:hammerdb",
                new RunParameters(
                    "tprocc",
                    null,
                    null,
                    run.warehouses().orElse(null),
                    first.durationMin == null ? null : first.durationMin * 60.0,
                    "min",
                    iterations,
                    rungs,
                    first.rampupMin == null ? null : first.rampupMin * 60.0,
                    null,
                    null),
                properties(run),
                facts.testbed().orElse(null)));
    events.add(ImportedRun.environment(runContext, facts.host(), db.maker(), version, db.engine()));
    events.addAll(body);
    events.add(ImportedRun.finished(runContext, error));
    return new ImportBatch(
        run.files(),
        events,
        String.format(
            Locale.ROOT,
            "%s / %s: %s, started %s%s",
            dataset,
            facts.test(),
            describe(run.iterations(), places, rungs),
            startedAt,
            error == null ? "" : " (failed: " + error + ")"));
  }

  /**
   * The ladder in one line: "7 rungs (1 to 64 VUs), 7 results: NOPM 1 VU 5012, 2 VUs 9870, …" with
   * "no result" for a rung that ended without one.
   */
  static String describe(
      List<HammerdbResult> results, List<HammerdbLadder.Place> places, List<Integer> rungs) {
    long finished = results.stream().filter(HammerdbResult::finished).count();
    List<String> cells = new ArrayList<>();
    for (int i = 0; i < results.size(); i++) {
      HammerdbResult r = results.get(i);
      int vus = places.get(i).vus();
      cells.add(
          vus
              + (vus == 1 ? " VU " : " VUs ")
              + (r.finished() ? String.valueOf(r.nopm) : "no result"));
    }
    String shape =
        rungs.size() == 1
            ? "1 rung (" + rungs.get(0) + " VUs)"
            : rungs.size()
                + " rungs ("
                + rungs.get(0)
                + " to "
                + rungs.get(rungs.size() - 1)
                + " VUs)";
    return shape
        + ", "
        + finished
        + " result(s) of "
        + results.size()
        + (cells.isEmpty() ? "" : ": NOPM " + String.join(", ", cells));
  }

  private static String failure(HammerdbResult r) {
    if (r.failure != null) {
      return r.failure;
    }
    // formats doc 1.3: a 0 NOPM result is not a valid one (SQL errors with raiseerror off)
    return r.nopm != null && r.nopm == 0 ? r.where() + ": the result is 0 NOPM" : null;
  }

  /** Seconds from the counter's first sample to the run's start, when both are dated. */
  private static Optional<Double> counterLead(HammerdbResult r, HammerdbDates dates) {
    if (r.counter == null || r.counter.first().isEmpty()) {
      return Optional.empty();
    }
    Instant counted = dates.at(r.counter.first().get());
    return dates.start(r).map(s -> java.time.Duration.between(counted, s).toMillis() / 1000.0);
  }

  private static List<Event> iteration(
      RunContext run,
      int vus,
      int iteration,
      HammerdbResult r,
      String failure,
      Optional<Double> counterLead) {
    List<Event> out = new ArrayList<>();
    // derived from the run and the result's place in it, never from the file (its digest or line):
    // a ladder of a hammerdb.log keeps its events when another ladder of the file changes
    String id = EventPlaces.atRung(vus, iteration);
    List<IterationValue> values = new ArrayList<>();
    if (r.finished()) {
      values.add(new IterationValue("NOPM", r.nopm, "nopm", "hammerdb:result"));
      values.add(new IterationValue("TPM", r.tpm, "tpm", "hammerdb:result"));
    }
    List<TransactionTiming> timings =
        r.profile != null ? r.profile.procedures() : r.etprof.timings();
    String source = r.profile != null ? r.profile.source().label : HammerdbFile.Source.ETPROF.label;
    timings.forEach(t -> values.addAll(t.asValues(source)));
    if (r.counter != null) {
      for (HammerdbCounterWindow.Placed p :
          HammerdbCounterWindow.place(r.counter, r.rampupMin, r.durationMin, counterLead)) {
        out.add(sample(run, vus, iteration, id, p));
      }
    }
    out.add(
        run.event(id, EventPlaces.ITERATION_FINISHED)
            .iterationFinished(
                vus,
                iteration,
                failure != null
                    ? IterationFinished.Status.failed
                    : IterationFinished.Status.completed,
                r.durationMin == null ? null : r.durationMin * 60.0,
                values,
                timings,
                null,
                null));
    return out;
  }

  private static Sample sample(
      RunContext run, int vus, int iteration, String id, HammerdbCounterWindow.Placed p) {
    return run.event(id, "tcount", String.valueOf(p.index()))
        .sample(
            vus,
            iteration,
            p.measured() ? Sample.Phase.measured : Sample.Phase.warmup,
            p.offsetS(),
            p.intervalS())
        .tps(p.tpm() / 60.0)
        .tpm((double) p.tpm())
        .build();
  }

  private static List<Property> properties(HammerdbRun run) {
    HammerdbResult first = run.first();
    List<Property> out = new ArrayList<>();
    run.hammerdbVersion().ifPresent(v -> out.add(new Property("HammerDB version", v)));
    if (first.rampupMin != null) {
      out.add(new Property("Rampup", first.rampupMin + " min"));
    }
    if (first.database != null) {
      out.add(new Property("HammerDB driver", first.database));
    }
    if (first.sessions != null) {
      out.add(new Property("Async clients per VU", String.valueOf(first.asyncClients)));
      out.add(new Property("Active sessions", String.valueOf(first.sessions)));
    }
    List<String> jobs = run.iterations().stream().map(r -> r.jobId).filter(j -> j != null).toList();
    if (!jobs.isEmpty()) {
      out.add(new Property("HammerDB jobid", String.join(", ", jobs)));
    }
    for (HammerdbResult r : run.iterations()) {
      for (Property p : r.properties) {
        if (out.stream().noneMatch(q -> q.name().equals(p.name()))) {
          out.add(p);
        }
      }
    }
    return out;
  }
}
