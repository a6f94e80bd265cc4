package io.benchlake.loadgen.run;

import io.benchlake.home.ServerFailedException;
import io.benchlake.loadgen.env.EnvironmentCapture;
import io.benchlake.loadgen.env.HostProbe;
import io.benchlake.loadgen.env.ServerStatus;
import io.benchlake.loadgen.server.JdbcServer;
import io.benchlake.loadgen.server.ServerUnderTest;
import io.benchlake.loadgen.workload.Workload;
import io.benchlake.loadgen.workload.Workloads;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.Property;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.TransactionTiming;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javax.sql.DataSource;

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
    String version;
    EnvironmentCapture capture = new EnvironmentCapture(host);
    RunEvents run = new RunEvents(plan, runId, startedAt);
    EnvironmentSnapshot snapshot;
    Optional<Long> serverPid;
    try (Connection c = connections.getConnection()) {
      version = scalar(c, "SELECT VERSION()");
      serverPid = server.pid().isPresent() ? server.pid() : JdbcServer.processOnThisMachine(c);
      snapshot = run.environment(capture.host(server), capture.database(server, c));
    }
    String dataset = plan.dataset() != null ? plan.dataset() : datasetLabel(version);
    Optional<Boolean> consistentBefore = consistency(workload, connections, "after setup");
    if (resumed.isEmpty()) {
      events.accept(
          run.started(
              dataset,
              workload,
              consistentBefore,
              snapshot.host() == null ? null : snapshot.host().testbed()));
    }
    events.accept(snapshot);
    SysbenchOutput output = new SysbenchOutput(out, plan.percentile(), plan.histogram());
    IntervalPublisher publisher = new IntervalPublisher(host, events, run, output, serverPid);
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
          List<TransactionTiming> timings = RunEvents.timings(result);
          output.profile(timings);
          events.accept(run.iterationFinished(result, timings, statusBefore, statusAfter));
          if (result.failure().isPresent()) {
            throw new ServerFailedException(result.failure().get(), null);
          }
          progress.completed(runId, startedAt, threads, iteration);
        }
      }
    } catch (ServerFailedException e) {
      events.accept(run.finished(RunFinished.Status.failed, e.getMessage(), List.of()));
      throw e;
    } catch (InterruptedException e) {
      events.accept(run.finished(RunFinished.Status.aborted, "interrupted", List.of()));
      throw e;
    }
    List<Property> after = new ArrayList<>();
    consistency(workload, connections, "after run")
        .ifPresent(ok -> after.add(new Property("Checksum after run", String.valueOf(ok))));
    events.accept(run.finished(RunFinished.Status.completed, null, after));
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

  private static String scalar(Connection c, String sql) throws SQLException {
    try (ResultSet rs = c.createStatement().executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
