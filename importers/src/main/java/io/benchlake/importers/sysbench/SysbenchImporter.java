package io.benchlake.importers.sysbench;

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
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * Turns the sysbench logs of one dataset and test into the events of one run: interval lines become
 * samples, each summary an iteration_finished (a log without one is a failed iteration).
 */
public final class SysbenchImporter {
  private SysbenchImporter() {}

  /**
   * What the logs do not say: the dataset, test, server version, host, date and testbed (the
   * machine, {@code --testbed}) of the run.
   */
  public record RunFacts(
      String dataset,
      String test,
      Optional<String> serverVersion,
      String host,
      Optional<Instant> startedAt,
      Optional<String> testbed) {
    public RunFacts {
      test = testName(test);
    }
  }

  /** The TPC-C spellings the built-in aliases give to HammerDB's TPROCC (sql/00_aliases.sql). */
  private static final Set<String> TPCC_NAMES =
      Set.of("tpcc", "tpc-c", "tpc_c", "sysbench-tpcc", "sysbench_tpcc", "tpcc_run");

  /**
   * The test a sysbench log is imported as: the name given, but sysbench's only TPC-C, Percona's
   * sysbench-tpcc ({@code tpcc.lua}), is its own test {@code SYSBENCH_TPCC}, never the {@code tpcc}
   * alias of HammerDB's TPROCC.
   */
  static String testName(String given) {
    if (given == null) {
      return null;
    }
    String key = given.strip().toLowerCase(Locale.ROOT).replaceFirst("\\.lua$", "");
    return TPCC_NAMES.contains(key) ? "SYSBENCH_TPCC" : given;
  }

  /** One log and the iteration it is (null: numbered in the order given per thread count). */
  public record Log(SysbenchLog log, Integer iteration) {}

  public static ImportBatch toEvents(List<Log> logs, RunFacts facts) {
    Instant startedAt =
        facts
            .startedAt()
            .orElseGet(
                () ->
                    logs.stream()
                        .map(l -> l.log().file().modified())
                        .min(Comparator.naturalOrder())
                        .orElse(Instant.EPOCH));
    RunContext run = RunContext.imported(facts.dataset(), facts.test(), startedAt, facts.host());
    Map<Integer, Integer> nextIteration = new LinkedHashMap<>();
    List<Event> body = new ArrayList<>();
    TreeSet<Integer> ladder = new TreeSet<>();
    int maxIteration = 0;
    String error = null;
    Double reportInterval = null;
    Set<SysbenchGeneration> generations = new TreeSet<>();
    Set<String> versions = new TreeSet<>();
    for (Log entry : logs) {
      SysbenchLog log = entry.log();
      int threads = log.threads();
      int iteration =
          entry.iteration() != null
              ? entry.iteration()
              : nextIteration.merge(threads, 1, Integer::sum);
      ladder.add(threads);
      maxIteration = Math.max(maxIteration, iteration);
      reportInterval = reportInterval != null ? reportInterval : log.reportIntervalS();
      String digest = log.file().digest();
      double previous = 0;
      for (SysbenchLog.Interval in : log.intervals()) {
        body.add(
            run.event(digest, "sample", String.valueOf(in.line()))
                .sample(
                    threads,
                    iteration,
                    Sample.Phase.measured,
                    in.offsetS(),
                    Math.max(1e-3, in.offsetS() - previous))
                .liveThreads(in.threads())
                .tps(in.tps())
                .qps(in.qps())
                .readsPs(in.reads())
                .writesPs(in.writes())
                .otherPs(in.other())
                // 0: off, printed as lat (ms,0%): 0.00
                .latencyPct(in.percentile() > 0 ? in.percentile() : null)
                .latencyPctMs(in.percentile() > 0 ? in.latencyMs() : null)
                .errorsPs(in.errorsPs())
                .reconnectsPs(in.reconnectsPs())
                .build());
        previous = in.offsetS();
      }
      if (log.died() && error == null) {
        error = diedBecause(log);
      }
      log.generation().ifPresent(generations::add);
      log.version().ifPresent(versions::add);
      body.add(finished(run, digest, threads, iteration, log));
    }
    List<Event> events = new ArrayList<>();
    List<Property> properties = new ArrayList<>();
    properties.add(new Property("Source files", String.valueOf(logs.size())));
    // only logs read by another reading than 1.0's carry these, so 1.0 runs stay as imported
    if (!generations.isEmpty()) {
      properties.add(
          new Property(
              "sysbench generation",
              String.join(", ", generations.stream().map(SysbenchGeneration::label).toList())));
    }
    if (!versions.isEmpty()) {
      properties.add(new Property("sysbench version", String.join(", ", versions)));
    }
    events.add(
        run.event("run_started")
            .runStarted(
                facts.dataset(),
                "sysbench",
                facts.test(),
                null,
                "import:sysbench",
                new RunParameters(
                    null,
                    null,
                    null,
                    null,
                    null,
                    "s",
                    maxIteration,
                    List.copyOf(ladder),
                    null,
                    reportInterval,
                    null),
                properties,
                facts.testbed().orElse(null)));
    events.add(
        ImportedRun.environment(run, facts.host(), facts.serverVersion().orElse(null), null));
    events.addAll(body);
    events.add(ImportedRun.finished(run, error));
    List<String> files = logs.stream().map(l -> l.log().file().name()).toList();
    return new ImportBatch(
        files,
        events,
        String.format(
            "%s / %s: %d log(s), threads %s, started %s%s",
            facts.dataset(),
            facts.test(),
            logs.size(),
            ladder,
            startedAt,
            error == null ? "" : " (failed: " + error + ")"));
  }

  private static IterationFinished finished(
      RunContext run, String digest, int threads, int iteration, SysbenchLog log) {
    List<IterationValue> values = new ArrayList<>();
    Double measured = null;
    if (log.summary().isPresent()) {
      SysbenchLog.Summary s = log.summary().get();
      String src = "sysbench:summary";
      measured = s.totalTimeS();
      values.add(new IterationValue("TPS", s.tps(), "tx/s", src));
      values.add(new IterationValue("QPS", s.qps(), "q/s", src));
      values.add(new IterationValue("transactions", s.transactions(), "tx", src));
      values.add(new IterationValue("queries", s.queriesTotal(), "q", src));
      // printed by every 1.x and by 0.5 from late 2014; 0.4 and early 0.5 print deadlocks
      if (s.ignoredErrors() != null) {
        values.add(new IterationValue("errors", s.ignoredErrors(), "count", src));
      }
      if (s.reconnects() != null) {
        values.add(new IterationValue("reconnects", s.reconnects(), "count", src));
      }
      if (s.deadlocks() != null) {
        values.add(new IterationValue("deadlocks", s.deadlocks(), "count", src));
      }
      values.add(new IterationValue("latency_min_ms", s.latencyMinMs(), "ms", src));
      values.add(new IterationValue("latency_avg_ms", s.latencyAvgMs(), "ms", src));
      values.add(new IterationValue("latency_max_ms", s.latencyMaxMs(), "ms", src));
      for (SysbenchLog.Percentile p : s.percentiles()) {
        String metric = "latency_p" + trim(p.pct()) + "_ms";
        if (p.pct() > 0 && values.stream().noneMatch(v -> v.metric().equals(metric))) {
          values.add(new IterationValue(metric, p.ms(), "ms", src));
        }
      }
      histogram(log)
          .ifPresent(
              h -> {
                for (double p : new double[] {50, 95, 99}) {
                  String metric = "latency_p" + trim(p) + "_ms";
                  if (values.stream().noneMatch(v -> v.metric().equals(metric))) {
                    values.add(
                        new IterationValue(
                            metric,
                            h.getValueAtPercentile(p) / 1000.0,
                            "ms",
                            "sysbench:histogram"));
                  }
                }
              });
    }
    return run.event(digest, EventPlaces.ITERATION_FINISHED)
        .iterationFinished(
            threads,
            iteration,
            log.died() ? IterationFinished.Status.failed : IterationFinished.Status.completed,
            measured,
            values,
            List.of(),
            null,
            null);
  }

  /**
   * Why an iteration failed: its FATAL line, else its log's end before the summary; a log read by
   * its generation's parser also says where its values then come from (DESIGN: a run that died).
   */
  private static String diedBecause(SysbenchLog log) {
    String name = log.file().name();
    if (!log.fatal().isEmpty()) {
      return name + ": " + log.fatal().get(0);
    }
    if (log.generation().isEmpty()) {
      return name + ": the log stops before its summary";
    }
    return name
        + ": the "
        + log.generation().get().label()
        + " log stops before its summary; its values come from its "
        + log.intervals().size()
        + " interval line(s)";
  }

  /** The --histogram block as an HdrHistogram in microseconds. */
  static Optional<Histogram> histogram(SysbenchLog log) {
    if (log.histogram().isEmpty()) {
      return Optional.empty();
    }
    Histogram h = new Histogram(3);
    log.histogram()
        .forEach(
            b -> h.recordValueWithCount(Math.max(1, Math.round(b.valueMs() * 1000)), b.count()));
    return Optional.of(h);
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }
}
