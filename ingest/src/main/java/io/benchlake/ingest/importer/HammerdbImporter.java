package io.benchlake.ingest.importer;

import io.benchlake.home.BadInputException;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.Property;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import io.benchlake.schemas.TransactionTiming;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Turns what HammerDB printed into one TPROC-C run: each TEST RESULT is an iteration at its active
 * virtual user count (DESIGN.md, TPROC-C) with NOPM, TPM and, where a time profile was written,
 * each procedure's timing; the transaction counter becomes samples.
 */
public final class HammerdbImporter {
  /** HammerDB's counter samples every 10 s unless told otherwise (tc_refresh_rate). */
  private static final double COUNTER_INTERVAL_S = 10;

  private HammerdbImporter() {}

  /** What the outputs may not say. */
  public record RunFacts(
      Optional<String> dataset,
      String test,
      Optional<String> serverVersion,
      String host,
      Optional<Instant> startedAt,
      Instant fileTime) {}

  public static ImportBatch toEvents(HammerdbRun run, RunFacts facts, List<String> files) {
    if (run.results().isEmpty()) {
      throw new BadInputException(
          String.join(", ", files)
              + ": no TEST RESULT and no monitor lines: nothing to import as a run");
    }
    String version = facts.serverVersion().or(run::dbVersion).orElse(null);
    String dataset =
        facts
            .dataset()
            .orElseGet(
                () -> {
                  if (version == null) {
                    throw new BadInputException(
                        "the HammerDB output names no server version (DBVersion:): give --dataset LABEL");
                  }
                  return "MariaDB " + version;
                });
    Instant startedAt = facts.startedAt().or(run::startedAt).orElse(facts.fileTime());
    String runId = EventIds.importedRun(dataset, facts.test(), startedAt, facts.host());
    List<Event> body = new ArrayList<>();
    Map<Integer, Integer> nextIteration = new HashMap<>();
    TreeSet<Integer> ladder = new TreeSet<>();
    String error = null;
    List<HammerdbRun.Result> results = run.results();
    for (int r = 0; r < results.size(); r++) {
      HammerdbRun.Result result = results.get(r);
      Optional<HammerdbRun.Profile> profile = pair(run.profiles(), results, r, result);
      Integer vus =
          result.activeVus() != null
              ? result.activeVus()
              : profile.map(HammerdbRun.Profile::activeVus).filter(k -> k > 0).orElse(null);
      if (vus == null) {
        throw new BadInputException(
            String.join(", ", files)
                + ": a TEST RESULT without an 'Active Virtual Users configured' line: the virtual user count is unknown");
      }
      int iteration = nextIteration.merge(vus, 1, Integer::sum);
      ladder.add(vus);
      List<IterationValue> values = new ArrayList<>();
      if (result.nopm() != null) {
        values.add(new IterationValue("NOPM", result.nopm(), "nopm", "hammerdb:result"));
        values.add(new IterationValue("TPM", result.tpm(), "tpm", "hammerdb:result"));
      }
      List<TransactionTiming> timings =
          profile.map(HammerdbRun.Profile::procedures).orElse(List.of());
      timings.forEach(t -> values.addAll(t.asValues("hammerdb:xtprof")));
      String id = result.fileDigest() + ":" + result.line();
      Optional<List<HammerdbRun.CounterSample>> counter =
          run.counters().size() == results.size()
              ? Optional.of(run.counters().get(r))
              : results.size() == 1 && run.counters().size() == 1
                  ? Optional.of(run.counters().get(0))
                  : Optional.empty();
      counter.ifPresent(
          series -> body.addAll(samples(runId, startedAt, vus, iteration, result, series, id)));
      if (result.failure().isPresent() && error == null) {
        error = result.failure().get();
      }
      body.add(
          new IterationFinished(
              null,
              EventIds.derived(runId, id, "iteration_finished"),
              runId,
              startedAt,
              startedAt,
              vus,
              iteration,
              result.failure().isPresent()
                  ? IterationFinished.Status.failed
                  : IterationFinished.Status.completed,
              result.durationMin() == null ? null : result.durationMin() * 60.0,
              values,
              timings));
    }
    HammerdbRun.Result first = results.get(0);
    List<Property> properties = new ArrayList<>();
    run.hammerdbVersion().ifPresent(v -> properties.add(new Property("HammerDB version", v)));
    if (first.rampupMin() != null) {
      properties.add(new Property("Rampup", first.rampupMin() + " min"));
    }
    if (first.dbLabel() != null) {
      properties.add(new Property("HammerDB driver", first.dbLabel()));
    }
    int iterations = nextIteration.values().stream().mapToInt(Integer::intValue).max().orElse(1);
    List<Event> events = new ArrayList<>();
    events.add(
        new RunStarted(
            null,
            EventIds.derived(runId, "run_started"),
            runId,
            startedAt,
            startedAt,
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
                first.durationMin() == null ? null : first.durationMin() * 60.0,
                "min",
                iterations,
                List.copyOf(ladder),
                first.rampupMin() == null ? null : first.rampupMin() * 60.0,
                null,
                null),
            properties));
    events.add(ImportedRun.environment(runId, startedAt, facts.host(), version, "innodb"));
    events.addAll(body);
    events.add(ImportedRun.finished(runId, startedAt, error));
    return new ImportBatch(
        files,
        events,
        String.format(
            Locale.ROOT,
            "%s / %s: %d result(s) at %s virtual users, started %s%s",
            dataset,
            facts.test(),
            results.size(),
            ladder,
            startedAt,
            error == null ? "" : " (failed: " + error + ")"));
  }

  /**
   * The time profile of the r-th result: by position when there is one per result, else by VU
   * count.
   */
  private static Optional<HammerdbRun.Profile> pair(
      List<HammerdbRun.Profile> profiles,
      List<HammerdbRun.Result> results,
      int r,
      HammerdbRun.Result result) {
    if (profiles.size() == results.size()) {
      return Optional.of(profiles.get(r));
    }
    if (result.activeVus() != null) {
      long before =
          results.subList(0, r).stream()
              .filter(x -> result.activeVus().equals(x.activeVus()))
              .count();
      return profiles.stream()
          .filter(p -> p.activeVus() == result.activeVus())
          .skip(before)
          .findFirst();
    }
    return Optional.empty();
  }

  private static List<Sample> samples(
      String runId,
      Instant startedAt,
      int vus,
      int iteration,
      HammerdbRun.Result result,
      List<HammerdbRun.CounterSample> series,
      String id) {
    List<Sample> out = new ArrayList<>();
    Instant origin = series.isEmpty() ? null : series.get(0).at().orElse(null);
    double rampupS = result.rampupMin() == null ? 0 : result.rampupMin() * 60.0;
    double previous = 0;
    for (int i = 1; i < series.size(); i++) { // the first sample is always 0: the counter's start
      HammerdbRun.CounterSample s = series.get(i);
      double offset =
          origin != null && s.at().isPresent()
              ? Duration.between(origin, s.at().get()).toMillis() / 1000.0
              : i * COUNTER_INTERVAL_S;
      double interval = Math.max(1e-3, offset - previous);
      previous = offset;
      out.add(
          new Sample(
              null,
              EventIds.derived(runId, id, "tcount", String.valueOf(i)),
              runId,
              startedAt,
              startedAt,
              vus,
              null,
              iteration,
              offset,
              interval,
              offset <= rampupS ? Sample.Phase.warmup : Sample.Phase.measured,
              null,
              s.tpm() / 60.0,
              0,
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              0,
              0,
              null,
              (double) s.tpm(),
              null,
              null,
              null));
    }
    return out;
  }
}
