package io.benchlake.importers.tpccmysql;

import io.benchlake.importers.EventPlaces;
import io.benchlake.importers.ImportBatch;
import io.benchlake.schemas.DatabaseFacts;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.HostFacts;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.Property;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.Sample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Turns tpcc-mysql runs into ladder runs and events: each run's output an iteration at its
 * connection count with its TpmC, the TPS and each transaction's calls, late, retried and failed
 * counts and average response time from {@code <Raw Results>}; each 10-second line a sample.
 */
public final class TpccMysqlEvents {
  private TpccMysqlEvents() {}

  /** What the output does not say: the dataset, test, server version, host and testbed. */
  public record RunFacts(
      String dataset,
      String test,
      Optional<String> serverVersion,
      String host,
      Optional<String> testbed) {}

  static final String RESULT = "tpcc-mysql:result";
  static final String RAW = "tpcc-mysql:raw results";

  /**
   * The ladder rule (docs/import.md): results in order; one at the connection count of the last is
   * its next iteration, one at a new count the next rung, one at a count seen earlier in the run
   * the next run (with {@code repeatsAsIterations}, the next iteration of its rung).
   */
  public static List<List<TpccMysqlResult>> ladders(
      List<TpccMysqlResult> results, boolean repeatsAsIterations) {
    List<List<TpccMysqlResult>> out = new ArrayList<>();
    List<TpccMysqlResult> run = new ArrayList<>();
    for (TpccMysqlResult r : results) {
      if (!run.isEmpty()) {
        int last = run.get(run.size() - 1).connections();
        boolean seen = run.stream().anyMatch(x -> x.connections() == r.connections());
        if (last != r.connections() && seen && !repeatsAsIterations) {
          out.add(run);
          run = new ArrayList<>();
        }
      }
      run.add(r);
    }
    if (!run.isEmpty()) {
      out.add(run);
    }
    return out;
  }

  public static ImportBatch toEvents(List<TpccMysqlResult> run, RunFacts facts, Instant startedAt) {
    RunContext context =
        RunContext.imported(facts.dataset(), facts.test(), startedAt, facts.host());
    Map<Integer, Integer> seen = new HashMap<>();
    LinkedHashSet<Integer> rungs = new LinkedHashSet<>();
    List<Event> body = new ArrayList<>();
    int iterations = 1;
    for (TpccMysqlResult r : run) {
      int iteration = seen.merge(r.connections(), 1, Integer::sum);
      iterations = Math.max(iterations, iteration);
      rungs.add(r.connections());
      body.addAll(iteration(context, r, iteration));
    }
    TpccMysqlResult first = run.get(0);
    TpccMysqlResult last = run.get(run.size() - 1);
    String error =
        last.finished() ? null : last.where() + ": the last run stops before its <TpmC> result";
    List<Event> events = new ArrayList<>();
    events.add(
        context
            .event("run_started")
            .runStarted(
                facts.dataset(),
                "tpcc-mysql",
                facts.test(),
                null,
                "import:tpcc-mysql",
                new RunParameters(
                    "tpcc",
                    null,
                    null,
                    first.warehouses(),
                    first.measureS() == null ? null : first.measureS().doubleValue(),
                    "s",
                    iterations,
                    List.copyOf(rungs),
                    first.rampupS() == null ? null : first.rampupS().doubleValue(),
                    interval(first),
                    null),
                properties(run),
                facts.testbed().orElse(null)));
    String version = facts.serverVersion().orElse(null);
    events.add(
        context
            .event("environment")
            .environment(
                new HostFacts(
                    facts.host(), null, null, null, null, null, null, null, null, null, null),
                new DatabaseFacts(
                    version == null
                        ? null
                        : version.toLowerCase(Locale.ROOT).contains("mariadb")
                            ? "mariadb"
                            : "mysql",
                    version,
                    null,
                    null,
                    "import",
                    null,
                    null,
                    null,
                    Map.of())));
    events.addAll(body);
    events.add(
        context
            .event("run_finished")
            .runFinished(
                error == null ? RunFinished.Status.completed : RunFinished.Status.failed,
                error,
                List.of()));
    List<String> files = run.stream().map(TpccMysqlResult::file).distinct().toList();
    return new ImportBatch(files, events, describe(facts, run, startedAt, error));
  }

  private static Double interval(TpccMysqlResult r) {
    return r.intervals().isEmpty() ? null : (double) r.intervals().get(0).endS();
  }

  private static List<Event> iteration(RunContext run, TpccMysqlResult r, int iteration) {
    List<Event> out = new ArrayList<>();
    int threads = r.connections();
    int previous = 0;
    for (TpccMysqlResult.Interval in : r.intervals()) {
      double seconds = in.endS() - previous;
      previous = in.endS();
      out.add(
          run.event(r.digest(), "sample", String.valueOf(in.line()))
              .sample(threads, iteration, Sample.Phase.measured, in.endS(), seconds)
              .transactions(in.total())
              .tps(in.total() / seconds)
              .nopm(in.counts().get(0) * 60.0 / seconds)
              .latencyPct(in.p95Ms() == null ? null : 95.0)
              .latencyPctMs(in.p95Ms())
              .latencyMaxMs(in.maxMs())
              .build());
    }
    List<IterationValue> values = new ArrayList<>();
    if (r.finished()) {
      values.add(new IterationValue("TpmC", r.tpmC(), "per min", RESULT));
      Integer secs = r.rawSeconds() != null ? r.rawSeconds() : r.measureS();
      long calls = r.transactions().stream().mapToLong(t -> t.success() + t.late()).sum();
      if (secs != null && secs > 0 && !r.transactions().isEmpty()) {
        values.add(new IterationValue("TPS", (double) calls / secs, "tx/s", RAW));
      }
      for (TpccMysqlResult.Transaction t : r.transactions()) {
        String p = t.name() + "_";
        values.add(new IterationValue(p + "calls", t.success() + t.late(), "calls", RAW));
        values.add(new IterationValue(p + "late", t.late(), "count", RAW));
        values.add(new IterationValue(p + "retries", t.retry(), "count", RAW));
        values.add(new IterationValue(p + "failures", t.failure(), "count", RAW));
        if (t.avgMs() != null) {
          values.add(new IterationValue(p + "avg", t.avgMs(), "ms", RAW));
        }
      }
    }
    out.add(
        run.event(EventPlaces.atLine(r.digest(), r.line()), EventPlaces.ITERATION_FINISHED)
            .iterationFinished(
                threads,
                iteration,
                r.finished() ? IterationFinished.Status.completed : IterationFinished.Status.failed,
                r.rawSeconds() != null
                    ? r.rawSeconds().doubleValue()
                    : r.measureS() == null ? null : r.measureS().doubleValue(),
                values,
                List.of(),
                null,
                null));
    return out;
  }

  private static List<Property> properties(List<TpccMysqlResult> run) {
    TpccMysqlResult first = run.get(0);
    List<Property> out = new ArrayList<>();
    if (first.generation() != null) {
      out.add(new Property("tpcc-mysql output", first.generation()));
    }
    if (first.database() != null) {
      out.add(new Property("Database name", first.database()));
    }
    if (first.rampupS() != null) {
      out.add(new Property("Rampup", first.rampupS() + " s"));
    }
    return out;
  }

  private static String describe(
      RunFacts facts, List<TpccMysqlResult> run, Instant startedAt, String error) {
    List<String> cells = new ArrayList<>();
    for (TpccMysqlResult r : run) {
      cells.add(
          r.connections()
              + " conn. "
              + (r.finished() ? String.format(Locale.ROOT, "%.3f", r.tpmC()) : "no result"));
    }
    return String.format(
        Locale.ROOT,
        "%s / %s: %d result(s): TpmC %s, started %s%s",
        facts.dataset(),
        facts.test(),
        run.size(),
        String.join(", ", cells),
        startedAt,
        error == null ? "" : " (failed: " + error + ")");
  }
}
