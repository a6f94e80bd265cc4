package io.benchlake.importers.benchbase;

import io.benchlake.home.BadInputException;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Turns one BenchBase ladder run into events: each result set an iteration at its terminal count
 * with the summary's throughput, goodput and latency distribution (µs read, ms stored), each
 * per-transaction results file that transaction's calls and latencies, each second of the samples
 * file a sample; the DBMS's version and variables are the environment.
 */
public final class BenchbaseEvents {
  private BenchbaseEvents() {}

  /**
   * What the result sets may not say: the dataset (else DBMS and version), the test (else {@code
   * BENCHBASE_<BENCHMARK>}), the server version, the host and testbed.
   */
  public record RunFacts(
      Optional<String> dataset,
      Optional<String> test,
      Optional<String> serverVersion,
      String host,
      Optional<String> testbed) {}

  static final String SUMMARY = "benchbase:summary";

  public static ImportBatch toEvents(BenchbaseLadder.Run run, RunFacts facts) {
    BenchbaseResultSet first = run.first();
    BenchbaseSummary s = first.summary();
    String version = facts.serverVersion().orElse(s.dbmsVersion());
    String dataset =
        facts
            .dataset()
            .orElseGet(
                () -> {
                  if (version == null || s.dbmsLabel().isEmpty()) {
                    throw BadInputException.at(
                        first.summaryFile().name(),
                        1,
                        "the summary names no 'DBMS Version' (or 'DBMS Type'): give --dataset"
                            + " LABEL");
                  }
                  return s.dbmsLabel().get() + " " + version;
                });
    String test = facts.test().orElse(s.testName());
    Instant startedAt = s.startedAt();
    RunContext context = RunContext.imported(dataset, test, startedAt, facts.host());
    List<Event> body = new ArrayList<>();
    for (int i = 0; i < run.sets().size(); i++) {
      body.addAll(iteration(context, run.sets().get(i), run.iterations().get(i)));
    }
    String error = run.failure();
    List<Event> events = new ArrayList<>();
    int iterations = run.iterations().stream().mapToInt(Integer::intValue).max().orElse(1);
    BenchbaseConfig config = first.config().orElse(null);
    Integer sampleWindow =
        BenchbaseCsv.windowS(
            first.samples().stream().map(BenchbaseCsv.SecondSample::timeS).toList());
    events.add(
        context
            .event("run_started")
            .runStarted(
                dataset,
                "benchbase",
                test,
                null,
                "import:benchbase",
                new RunParameters(
                    s.benchmark().toLowerCase(Locale.ROOT),
                    null,
                    null,
                    warehouses(s.benchmark(), first.scaleFactor()),
                    config != null && config.measuredS() != null
                        ? config.measuredS()
                        : s.elapsedS(),
                    "s",
                    iterations,
                    run.rungs(),
                    config == null ? null : config.warmupS(),
                    sampleWindow == null ? 1.0 : sampleWindow.doubleValue(),
                    null),
                properties(run),
                facts.testbed().orElse(null)));
    events.add(environment(context, facts.host(), s, version, first.parameters()));
    events.addAll(body);
    events.add(
        context
            .event("run_finished")
            .runFinished(
                error == null ? RunFinished.Status.completed : RunFinished.Status.failed,
                error,
                List.of()));
    List<String> files =
        run.sets().stream().flatMap(r -> r.files().stream()).map(f -> f.name()).toList();
    return new ImportBatch(files, events, describe(dataset, test, run, startedAt, s, error));
  }

  private static List<Event> iteration(RunContext run, BenchbaseResultSet set, int iteration) {
    List<Event> out = new ArrayList<>();
    int threads = set.terminals();
    String samplesDigest = set.samplesFile().digest();
    List<BenchbaseCsv.SecondSample> samples = set.samples();
    Integer w =
        BenchbaseCsv.windowS(samples.stream().map(BenchbaseCsv.SecondSample::timeS).toList());
    double window = w == null ? 1 : w;
    for (BenchbaseCsv.SecondSample x : samples) {
      out.add(
          run.event(samplesDigest, "sample", String.valueOf(x.line()))
              .sample(threads, iteration, Sample.Phase.measured, x.timeS() + window, window)
              .transactions(x.requests())
              .tps(x.throughput())
              .latencyAvgMs(ms(x.avgUs()))
              .latencyPct(x.p95Us() == null ? null : 95.0)
              .latencyPctMs(ms(x.p95Us()))
              .latencyMaxMs(ms(x.maxUs()))
              .build());
    }
    BenchbaseSummary s = set.summary();
    List<IterationValue> values = new ArrayList<>();
    values.add(new IterationValue("TPS", s.throughput(), "tx/s", SUMMARY));
    if (s.goodput() != null) {
      values.add(new IterationValue("goodput", s.goodput(), "tx/s", SUMMARY));
    }
    if (s.measuredRequests() != null) {
      values.add(new IterationValue("requests", s.measuredRequests(), "count", SUMMARY));
    }
    BenchbaseSummary.Latencies l = s.latencies();
    if (l != null) {
      String[] names = {"min", "p25", "p50", "avg", "p75", "p90", "p95", "p99", "max"};
      long[] us = {l.min(), l.p25(), l.p50(), l.avg(), l.p75(), l.p90(), l.p95(), l.p99(), l.max()};
      for (int i = 0; i < names.length; i++) {
        values.add(
            new IterationValue("latency_" + names[i] + "_ms", us[i] / 1000.0, "ms", SUMMARY));
      }
    }
    for (Map.Entry<String, List<BenchbaseCsv.Window>> e : set.perTransaction().entrySet()) {
      Integer windowS =
          set.windowS() != null
              ? set.windowS()
              : BenchbaseCsv.windowS(
                  e.getValue().stream().map(BenchbaseCsv.Window::timeS).toList());
      values.addAll(BenchbaseTransactions.values(e.getKey(), e.getValue(), windowS));
    }
    out.add(
        run.event(set.summaryFile().digest(), EventPlaces.ITERATION_FINISHED)
            .iterationFinished(
                threads,
                iteration,
                s.failed() ? IterationFinished.Status.failed : IterationFinished.Status.completed,
                s.elapsedS() != null
                    ? s.elapsedS()
                    : set.config().map(BenchbaseConfig::measuredS).orElse(null),
                values,
                List.of(),
                null,
                null));
    return out;
  }

  private static Double ms(Long us) {
    return us == null ? null : us / 1000.0;
  }

  /** TPC-C's (and CH-benCHmark's) scale factor is its warehouses. */
  private static Integer warehouses(String benchmark, String scaleFactor) {
    String b = benchmark.toLowerCase(Locale.ROOT);
    if (scaleFactor == null || !(b.equals("tpcc") || b.equals("chbenchmark"))) {
      return null;
    }
    try {
      double v = Double.parseDouble(scaleFactor);
      return v == Math.rint(v) && v >= 1 && v <= 1e9 ? (int) v : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static io.benchlake.schemas.EnvironmentSnapshot environment(
      RunContext run,
      String host,
      BenchbaseSummary s,
      String version,
      Map<String, String> parameters) {
    String maker = s.dbmsLabel().map(l -> l.toLowerCase(Locale.ROOT).replace(" ", "")).orElse(null);
    String engine = parameters.get("default_storage_engine");
    return run.event("environment")
        .environment(
            new HostFacts(host, null, null, null, null, null, null, null, null, null, null),
            new DatabaseFacts(
                maker,
                version,
                engine == null ? null : engine.toLowerCase(Locale.ROOT),
                null,
                "import",
                null,
                null,
                null,
                parameters));
  }

  private static List<Property> properties(BenchbaseLadder.Run run) {
    BenchbaseResultSet first = run.first();
    BenchbaseSummary s = first.summary();
    List<Property> out = new ArrayList<>();
    out.add(new Property("BenchBase benchmark", s.benchmark()));
    add(out, "DBMS type", s.dbmsType());
    add(out, "Scale factor", first.scaleFactor());
    add(out, "Isolation", first.isolation());
    first
        .config()
        .ifPresent(
            c -> {
              add(out, "Batch size", c.batchSize());
              if (!c.phases().isEmpty()) {
                add(out, "Rate", c.phases().get(0).rate());
                add(out, "Weights", c.phases().get(0).weights());
              }
              if (!c.transactionTypes().isEmpty()) {
                out.add(new Property("Transaction types", String.join(", ", c.transactionTypes())));
              }
            });
    if (first.windowS() != null) {
      out.add(new Property("Results window", first.windowS() + " s"));
    }
    LinkedHashSet<String> states = new LinkedHashSet<>();
    run.sets().forEach(r -> add(states, r.summary().finalState()));
    if (!states.isEmpty()) {
      out.add(new Property("Final state", String.join(", ", states)));
    }
    out.add(
        new Property(
            "Result sets",
            String.join(", ", run.sets().stream().map(BenchbaseResultSet::baseName).toList())));
    if (first.statusCounters() >= 0) {
      out.add(new Property("DBMS metrics", first.statusCounters() + " figures (not imported)"));
    }
    if (!s.startPrinted()) {
      out.add(new Property("Start", "when the first summary was written (no start printed)"));
    }
    return out;
  }

  private static void add(List<Property> out, String name, String value) {
    if (value != null && !value.isBlank()) {
      out.add(new Property(name, value));
    }
  }

  private static void add(LinkedHashSet<String> out, String value) {
    if (value != null) {
      out.add(value);
    }
  }

  /** "3 rungs (8 to 32 terminals), 3 result set(s): TPS 8 terminals 812.4, …, started …". */
  static String describe(
      String dataset,
      String test,
      BenchbaseLadder.Run run,
      Instant startedAt,
      BenchbaseSummary first,
      String error) {
    List<Integer> rungs = run.rungs();
    String shape =
        rungs.size() == 1
            ? "1 rung (" + rungs.get(0) + " terminals)"
            : rungs.size()
                + " rungs ("
                + rungs.get(0)
                + " to "
                + rungs.get(rungs.size() - 1)
                + " terminals)";
    List<String> cells = new ArrayList<>();
    for (BenchbaseResultSet r : run.sets()) {
      cells.add(
          String.format(Locale.ROOT, "%d terminals %.2f", r.terminals(), r.summary().throughput()));
    }
    return String.format(
        Locale.ROOT,
        "%s / %s: %s, %d result set(s): TPS %s, started %s%s%s",
        dataset,
        test,
        shape,
        run.sets().size(),
        String.join(", ", cells),
        startedAt,
        first.startPrinted() ? "" : " (when its summary was written: no start printed)",
        error == null ? "" : " (failed: " + error + ")");
  }
}
