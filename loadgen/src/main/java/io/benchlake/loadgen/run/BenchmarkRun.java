package io.benchlake.loadgen.run;

import io.benchlake.home.ServerFailedException;
import io.benchlake.loadgen.env.EnvironmentCapture;
import io.benchlake.loadgen.env.HostProbe;
import io.benchlake.loadgen.env.ServerStatus;
import io.benchlake.loadgen.server.JdbcServer;
import io.benchlake.loadgen.server.ServerUnderTest;
import io.benchlake.loadgen.workload.TimeProfile;
import io.benchlake.loadgen.workload.Workload;
import io.benchlake.loadgen.workload.Workloads;
import io.benchlake.loadgen.workload.oltp.OltpOptions;
import io.benchlake.loadgen.workload.tprocc.TproccOptions;
import io.benchlake.schemas.CpuShare;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.Property;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import io.benchlake.schemas.TransactionTiming;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.HdrHistogram.Histogram;
import oshi.software.os.OSProcess;

/**
 * One run of a workload against a server: the thread ladder times the iterations, publishing
 * run_started, environment_snapshot, a sample per interval, iteration_finished and run_finished.
 */
public final class BenchmarkRun {
  private final RunPlan plan;
  private final ServerUnderTest server;
  private final Consumer<Event> events;
  private final PrintStream out;
  private final HostProbe host = new HostProbe();

  public BenchmarkRun(
      RunPlan plan, ServerUnderTest server, Consumer<Event> events, PrintStream out) {
    this.plan = plan;
    this.server = server;
    this.events = events;
    this.out = out;
  }

  /** The dataset label reports use for a server: "Mariadb " and its version, as TAF names them. */
  public static String datasetLabel(String version) {
    return "Mariadb " + version;
  }

  /** Creates and loads the workload's tables. */
  public void prepare(DataSource dataSource) throws SQLException {
    timed("Creating", "Created", w -> w.prepare(dataSource, plan.maxThreads()));
  }

  /** What is done to a workload's data, with the workload. */
  @FunctionalInterface
  private interface DataStep {
    void on(Workload workload) throws SQLException;
  }

  /** Does {@code step} to the workload's data, saying what and how long it took. */
  private void timed(String doing, String done, DataStep step) throws SQLException {
    Workload workload = Workloads.create(plan.workload(), plan.options());
    out.printf(Locale.ROOT, "%s %s...%n", doing, workload.describeData(plan.maxThreads()));
    long t0 = System.nanoTime();
    step.on(workload);
    out.printf(Locale.ROOT, "%s in %.1f s%n", done, (System.nanoTime() - t0) / 1e9);
  }

  /** Checks that the workload's data is there, for a run that does not prepare it. */
  public void requireData(DataSource dataSource) throws SQLException {
    Workloads.create(plan.workload(), plan.options()).requireData(dataSource, plan.maxThreads());
  }

  /** Reads the workload's tables into the server's buffer pool (sysbench's prewarm). */
  public void prewarm(DataSource dataSource) throws SQLException {
    timed("Prewarming", "Prewarmed", w -> w.prewarm(dataSource, plan.maxThreads()));
  }

  /** Drops the workload's tables. */
  public void cleanup(DataSource dataSource) throws SQLException {
    timed("Dropping", "Dropped", w -> w.cleanup(dataSource, plan.maxThreads()));
  }

  /** What a finished run was: its id and the dataset label it was published under. */
  public record Outcome(String runId, String dataset) {}

  /** Runs the whole ladder. A server failure marks the run failed and throws. */
  public Outcome execute(ServerConnections connections) throws SQLException, InterruptedException {
    return execute(connections, RunProgress.none());
  }

  /** Runs the cells of the ladder that {@code progress} does not have yet. */
  public Outcome execute(ServerConnections connections, RunProgress progress)
      throws SQLException, InterruptedException {
    Workload workload = Workloads.create(plan.workload(), plan.options());
    Optional<RunProgress.Resumed> resumed = progress.resumes();
    String runId = resumed.map(RunProgress.Resumed::runId).orElseGet(EventIds::random);
    Instant startedAt = resumed.map(RunProgress.Resumed::startedAt).orElseGet(Instant::now);
    RunContext run = RunContext.live(runId, startedAt);
    String version;
    EnvironmentCapture capture = new EnvironmentCapture(host);
    EnvironmentSnapshot snapshot;
    Optional<Long> serverPid;
    try (Connection c = connections.getConnection()) {
      version = scalar(c, "SELECT VERSION()");
      serverPid = server.pid().isPresent() ? server.pid() : JdbcServer.processOnThisMachine(c);
      snapshot =
          run.event("environment").environment(capture.host(server), capture.database(server, c));
    }
    String dataset = plan.dataset() != null ? plan.dataset() : datasetLabel(version);
    Optional<Boolean> consistentBefore = consistency(workload, connections, "after setup");
    if (resumed.isEmpty()) {
      events.accept(runStarted(run, dataset, workload, consistentBefore));
    }
    events.accept(snapshot);
    SysbenchOutput output = new SysbenchOutput(out, plan.percentile(), plan.histogram());
    IntervalPublisher publisher = new IntervalPublisher(run, output, serverPid);
    IterationDriver driver = new IterationDriver(connections, workload, plan, publisher);
    long seed =
        plan.options().randSeed() != 0 ? plan.options().randSeed() : Instant.now().toEpochMilli();
    try {
      for (int threads : plan.threads()) {
        for (int iteration = 1; iteration <= plan.iterations(); iteration++) {
          if (progress.done(threads, iteration)) {
            out.printf(
                Locale.ROOT,
                "%n%s: Number of threads: %d, iteration %d: done in an earlier run, skipped%n",
                plan.workload(),
                threads,
                iteration);
            continue;
          }
          output.header(
              plan.workload(), threads, iteration, plan.iterations(), plan.reportIntervalS());
          publisher.iteration = iteration;
          Map<String, Long> statusBefore = ServerStatus.read(connections);
          IterationResult result =
              driver.run(threads, iteration, seed + 7919L * threads + iteration);
          Map<String, Long> statusAfter =
              result.failure().isPresent() ? null : ServerStatus.read(connections);
          output.summary(result);
          List<TransactionTiming> timings = timings(result);
          output.profile(timings);
          events.accept(iterationFinished(run, result, timings, statusBefore, statusAfter));
          if (result.failure().isPresent()) {
            throw new ServerFailedException(result.failure().get(), null);
          }
          progress.completed(runId, startedAt, threads, iteration);
        }
      }
    } catch (ServerFailedException e) {
      events.accept(
          run.event("run_finished")
              .runFinished(RunFinished.Status.failed, e.getMessage(), List.of()));
      throw e;
    } catch (InterruptedException e) {
      events.accept(
          run.event("run_finished")
              .runFinished(RunFinished.Status.aborted, "interrupted", List.of()));
      throw e;
    }
    List<Property> after = new ArrayList<>();
    consistency(workload, connections, "after run")
        .ifPresent(ok -> after.add(new Property("Checksum after run", String.valueOf(ok))));
    events.accept(run.event("run_finished").runFinished(RunFinished.Status.completed, null, after));
    return new Outcome(runId, dataset);
  }

  /**
   * Checks the workload's consistency conditions, printing any that fail; empty for a workload
   * without any. A failed check does not stop the run: it is marked in the run's properties.
   */
  private Optional<Boolean> consistency(Workload workload, DataSource dataSource, String when)
      throws SQLException {
    if (!workload.checksConsistency()) {
      return Optional.empty();
    }
    List<String> failures = workload.consistencyFailures(dataSource);
    if (failures.isEmpty()) {
      out.println("Consistency checks " + when + ": passed");
    } else {
      out.println("Consistency checks " + when + ": FAILED: " + String.join("; ", failures));
    }
    return Optional.of(failures.isEmpty());
  }

  /** Each worker's time profile (virtual users numbered from 1) and their summary. */
  private static List<TransactionTiming> timings(IterationResult r) {
    List<TransactionTiming> rows = new ArrayList<>();
    for (int i = 0; i < r.profiles().size(); i++) {
      rows.addAll(r.profiles().get(i).timings(i + 1));
    }
    rows.addAll(TimeProfile.summary(r.profiles()));
    return rows;
  }

  private RunStarted runStarted(
      RunContext run, String dataset, Workload workload, Optional<Boolean> consistent) {
    var o = plan.options();
    RunParameters parameters =
        o instanceof TproccOptions tprocc
            ? new RunParameters(
                plan.workload(),
                null,
                null,
                tprocc.warehouses(),
                plan.durationS(),
                "s",
                plan.iterations(),
                plan.threads(),
                plan.warmupS(),
                plan.reportIntervalS(),
                null)
            : new RunParameters(
                plan.workload(),
                ((OltpOptions) o).tables(),
                ((OltpOptions) o).tableSize(),
                null,
                plan.durationS(),
                "s",
                plan.iterations(),
                plan.threads(),
                plan.warmupS(),
                plan.reportIntervalS(),
                o.rand().type().label());
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
            properties);
  }

  private IterationFinished iterationFinished(
      RunContext run,
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

  private static String scalar(Connection c, String sql) throws SQLException {
    try (ResultSet rs = c.createStatement().executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static String trim(double value) {
    return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
  }

  static String encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
  }

  /** Turns interval reports into printed lines and sample events, with host and server CPU. */
  private final class IntervalPublisher implements Consumer<IntervalReport> {
    private final RunContext run;
    private final SysbenchOutput output;
    private final Optional<Long> serverPid;
    private long[] ticks = host.cpuTicks();
    private OSProcess serverBefore;
    int iteration;

    IntervalPublisher(RunContext run, SysbenchOutput output, Optional<Long> serverPid) {
      this.run = run;
      this.output = output;
      this.serverPid = serverPid;
      this.serverBefore = serverPid.flatMap(host::process).orElse(null);
    }

    @Override
    public void accept(IntervalReport r) {
      long[] now = host.cpuTicks();
      CpuShare cpu = HostProbe.share(ticks, now);
      ticks = now;
      Double serverCpu = null;
      if (serverBefore != null) {
        OSProcess after = host.process(serverPid.get()).orElse(null);
        if (after != null) {
          serverCpu = HostProbe.processCpuPct(serverBefore, after);
          serverBefore = after;
        }
      }
      String cpuText =
          String.format(
              Locale.ROOT,
              " cpu (u/s/io/idle): %.0f/%.0f/%.0f/%.0f%%%s",
              cpu.userPct(),
              cpu.systemPct(),
              cpu.iowaitPct(),
              cpu.idlePct(),
              serverCpu == null ? "" : String.format(Locale.ROOT, " mariadbd: %.0f%%", serverCpu));
      output.interval(r, cpuText);
      events.accept(
          run.event("sample")
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
              .latencyAvgMs(
                  r.latencyUs().getTotalCount() == 0 ? null : r.latencyUs().getMean() / 1000.0)
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
              .build());
    }
  }
}
