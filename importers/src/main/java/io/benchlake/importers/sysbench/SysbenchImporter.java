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
import java.util.Map;
import java.util.Optional;
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
      Optional<String> testbed) {}

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
        error =
            log.fatal().isEmpty()
                ? log.file().name() + ": the log stops before its summary"
                : log.file().name() + ": " + log.fatal().get(0);
      }
      body.add(finished(run, digest, threads, iteration, log));
    }
    List<Event> events = new ArrayList<>();
    List<Property> properties = new ArrayList<>();
    properties.add(new Property("Source files", String.valueOf(logs.size())));
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
      values.add(new IterationValue("errors", s.ignoredErrors(), "count", src));
      values.add(new IterationValue("reconnects", s.reconnects(), "count", src));
      values.add(new IterationValue("latency_min_ms", s.latencyMinMs(), "ms", src));
      values.add(new IterationValue("latency_avg_ms", s.latencyAvgMs(), "ms", src));
      values.add(new IterationValue("latency_max_ms", s.latencyMaxMs(), "ms", src));
      if (s.percentile() != null && s.percentile() > 0) {
        values.add(
            new IterationValue(
                "latency_p" + trim(s.percentile()) + "_ms", s.latencyPctMs(), "ms", src));
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
