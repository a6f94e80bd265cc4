package io.benchlake.loadgen.run;

import io.benchlake.loadgen.env.ServerStatus;
import io.benchlake.loadgen.workload.TimeProfile;
import io.benchlake.loadgen.workload.Workload;
import io.benchlake.loadgen.workload.WorkloadFamily;
import io.benchlake.loadgen.workload.Workloads;
import io.benchlake.schemas.CpuShare;
import io.benchlake.schemas.DatabaseFacts;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.HostFacts;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.Property;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import io.benchlake.schemas.TransactionTiming;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The events of one run of a plan, each stamped with the run's id and start: run_started, a sample
 * per interval, iteration_finished and run_finished.
 */
final class RunEvents {
  private final RunPlan plan;
  private final RunContext run;

  RunEvents(RunPlan plan, String runId, Instant startedAt) {
    this.plan = plan;
    this.run = RunContext.live(runId, startedAt);
  }

  /** The facts of the host and of the server under test, as the run begins. */
  EnvironmentSnapshot environment(HostFacts host, DatabaseFacts database) {
    return run.event("environment_snapshot").environment(host, database);
  }

  /** The run's start on {@code hostTestbed} (its host facts' name) unless the plan names one. */
  RunStarted started(
      String dataset, Workload workload, Optional<Boolean> consistent, String hostTestbed) {
    var o = plan.options();
    WorkloadFamily.DataShape data = Workloads.shape(plan.workload(), o);
    RunParameters parameters =
        new RunParameters(
            plan.workload(),
            data.tables(),
            data.tableSize(),
            data.warehouses(),
            plan.durationS(),
            "s",
            plan.iterations(),
            plan.threads(),
            plan.warmupS(),
            plan.reportIntervalS(),
            data.randType());
    List<Property> properties = new ArrayList<>(plan.properties());
    properties.addAll(workload.properties());
    consistent.ifPresent(
        ok -> properties.add(new Property("Checksum after setup", String.valueOf(ok))));
    properties.add(new Property("Db driver", "mariadb-java-client"));
    properties.add(new Property("Report interval", trim(plan.reportIntervalS())));
    properties.add(new Property("Percentile", trim(plan.percentile())));
    if (plan.events() > 0) {
      properties.add(new Property("Events", String.valueOf(plan.events())));
    }
    if (plan.rate() > 0) {
      properties.add(new Property("Rate", trim(plan.rate())));
    }
    properties.add(new Property("Ignored errors", plan.ignoreErrors().toString()));
    properties.add(
        new Property(
            "Workload options",
            o.asMap().entrySet().stream()
                .map(e -> "--" + e.getKey() + "=" + e.getValue())
                .collect(java.util.stream.Collectors.joining(" "))));
    return run.event("run_started")
        .runStarted(
            dataset,
            workload.suite(),
            plan.testName() != null ? plan.testName() : Workloads.testName(plan.workload()),
            plan.tag(),
            "loadgen",
            parameters,
            properties,
            plan.testbed() != null ? plan.testbed() : hostTestbed);
  }

  IterationFinished iterationFinished(
      IterationResult r,
      List<TransactionTiming> timings,
      Map<String, Long> statusBefore,
      Map<String, Long> statusAfter) {
    Histogram h = r.latencyUs();
    List<IterationValue> values = new ArrayList<>();
    r.perMinute()
        .forEach(
            (name, rate) ->
                values.add(new IterationValue(name, rate, "per min", "loadgen:server")));
    values.add(new IterationValue("TPS", r.tps(), "tx/s", "loadgen:exact"));
    values.add(new IterationValue("QPS", r.qps(), "q/s", "loadgen:exact"));
    values.add(new IterationValue("transactions", r.transactions(), "tx", "loadgen:exact"));
    values.add(new IterationValue("errors", r.errors(), "count", "loadgen:exact"));
    values.add(new IterationValue("reconnects", r.reconnects(), "count", "loadgen:exact"));
    values.add(new IterationValue("client_cpu_s", r.clientCpuS(), "s", "loadgen:process"));
    timings.stream()
        .filter(TransactionTiming::summary)
        .forEach(t -> values.addAll(t.asValues("loadgen:xtprof")));
    if (statusBefore != null && statusAfter != null) {
      for (String name : ServerStatus.REPORTED) {
        if (statusBefore.containsKey(name) && statusAfter.containsKey(name)) {
          values.add(
              new IterationValue(
                  "status:" + name,
                  statusAfter.get(name) - statusBefore.get(name),
                  "count",
                  "server:status"));
        }
      }
    }
    if (h.getTotalCount() > 0) {
      values.add(
          new IterationValue(
              "latency_min_ms", h.getMinValue() / 1000.0, "ms", "loadgen:histogram"));
      values.add(
          new IterationValue("latency_avg_ms", h.getMean() / 1000.0, "ms", "loadgen:histogram"));
      values.add(
          new IterationValue(
              "latency_p50_ms", h.getValueAtPercentile(50) / 1000.0, "ms", "loadgen:histogram"));
      values.add(
          new IterationValue(
              "latency_p95_ms", h.getValueAtPercentile(95) / 1000.0, "ms", "loadgen:histogram"));
      values.add(
          new IterationValue(
              "latency_p99_ms", h.getValueAtPercentile(99) / 1000.0, "ms", "loadgen:histogram"));
      values.add(
          new IterationValue(
              "latency_max_ms", h.getMaxValue() / 1000.0, "ms", "loadgen:histogram"));
    }
    IterationFinished.Status status =
        r.failure().isPresent()
            ? IterationFinished.Status.failed
            : IterationFinished.Status.completed;
    return run.event("iteration_finished")
        .iterationFinished(
            r.threads(),
            r.iteration(),
            status,
            r.measuredS(),
            values,
            timings,
            statusBefore,
            statusAfter);
  }

  /** One interval's sample, with the host's and the server's CPU over it. */
  Sample sample(IntervalReport r, int iteration, CpuShare cpu, Double serverCpu) {
    return run.event("sample")
        .sample(
            r.threads(),
            iteration,
            r.warmup() ? Sample.Phase.warmup : Sample.Phase.measured,
            r.offsetS(),
            r.intervalS())
        .liveThreads(r.liveThreads())
        .transactions(r.transactions())
        .tps(r.tps())
        .qps(r.qps())
        .readsPs(r.perSecond(r.reads()))
        .writesPs(r.perSecond(r.writes()))
        .otherPs(r.perSecond(r.other()))
        .latencyAvgMs(r.latencyUs().getTotalCount() == 0 ? null : r.latencyUs().getMean() / 1000.0)
        // 0: off, as in sysbench
        .latencyPct(plan.percentile() == 0 ? null : plan.percentile())
        .latencyPctMs(plan.percentile() == 0 ? null : r.latencyMs(plan.percentile()))
        .latencyMaxMs(
            r.latencyUs().getTotalCount() == 0 ? null : r.latencyUs().getMaxValue() / 1000.0)
        .errorsPs(r.perSecond(r.errors()))
        .reconnectsPs(r.perSecond(r.reconnects()))
        .nopm(r.perMinute().get("NOPM"))
        .tpm(r.perMinute().get("TPM"))
        .histogram(encode(r.latencyUs()))
        .hostCpu(cpu)
        .serverCpuPct(serverCpu)
        .build();
  }

  /** The run's end: completed, failed with the error, or aborted. */
  RunFinished finished(RunFinished.Status status, String error, List<Property> properties) {
    return run.event("run_finished").runFinished(status, error, properties);
  }

  /** Each worker's time profile (virtual users numbered from 1) and their summary. */
  static List<TransactionTiming> timings(IterationResult r) {
    List<TransactionTiming> rows = new ArrayList<>();
    for (int i = 0; i < r.profiles().size(); i++) {
      rows.addAll(r.profiles().get(i).timings(i + 1));
    }
    rows.addAll(TimeProfile.summary(r.profiles()));
    return rows;
  }

  private static String trim(double value) {
    return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
  }

  static String encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
  }
}
