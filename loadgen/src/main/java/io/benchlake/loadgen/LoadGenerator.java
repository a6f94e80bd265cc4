package io.benchlake.loadgen;

import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.loadgen.plan.BenchmarkPlan;
import io.benchlake.loadgen.plan.DatasetSpec;
import io.benchlake.loadgen.plan.PlanFile;
import io.benchlake.loadgen.plan.PlanFiles;
import io.benchlake.loadgen.plan.PlanRunner;
import io.benchlake.loadgen.plan.PlanState;
import io.benchlake.loadgen.run.RunPlan;
import io.benchlake.loadgen.server.EmbeddedMariaDb;
import io.benchlake.loadgen.server.MariaDbDistribution;
import io.benchlake.loadgen.server.ServerConfig;
import io.benchlake.loadgen.workload.OptionSpec;
import io.benchlake.loadgen.workload.Workloads;
import io.benchlake.loadgen.workload.oltp.OltpOptions;
import io.benchlake.loadgen.workload.tprocc.TproccOptions;
import io.benchlake.schemas.Event;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The load generator as the launcher uses it: a plan made from flags and a plan file, checked, and
 * run dataset by dataset with its events handed to a publisher, or only its tables made, read into
 * the buffer pool or dropped; the workloads' names and options for the command line; an embedded
 * server hosted for other clients ({@link HostedServer}). Besides this class the launcher needs
 * only the plan's records ({@link PlanFile}, {@link BenchmarkPlan}, {@link DatasetSpec} and its
 * server) and {@link OptionSpec}.
 */
public final class LoadGenerator {
  private final PlanRunner runner;

  /**
   * Runs plans publishing their events to {@code publish}, {@code flush}ed before a cell counts as
   * done; a server another process of the home is using is waited for when {@code waitForServer},
   * else refused.
   */
  public LoadGenerator(
      BenchlakeHome home,
      Consumer<Event> publish,
      Runnable flush,
      PrintStream out,
      boolean waitForServer) {
    this.runner = new PlanRunner(home, publish, flush, out, waitForServer);
  }

  /** For sysbench's prepare, prewarm and cleanup commands, which measure and publish nothing. */
  public static LoadGenerator tablesOnly(BenchlakeHome home, PrintStream out, boolean wait) {
    return new LoadGenerator(home, event -> {}, () -> {}, out, wait);
  }

  /** A run of one dataset: its id and its label (null: named after the server's version). */
  public record PublishedRun(String runId, String dataset) {}

  /** The plan {@code flags} give, laid over {@code planFile}'s when there is one (null: none). */
  public static BenchmarkPlan plan(PlanFile flags, Path planFile) {
    return PlanFiles.resolve(flags, planFile);
  }

  /**
   * sysbench's oltp_read_write on an embedded server of each of {@code versions}, prepared first,
   * with sysbench's defaults for all the rest.
   */
  public static BenchmarkPlan embeddedReadWrite(
      String testName,
      String tag,
      List<String> versions,
      int tables,
      long tableSize,
      List<Integer> threads,
      int iterations,
      double durationS,
      double warmupS) {
    RunPlan run =
        RunPlan.timed(
            testName,
            tag,
            "oltp_read_write",
            OltpOptions.defaults(tables, tableSize),
            threads,
            iterations,
            durationS,
            warmupS);
    return new BenchmarkPlan(
        versions.stream().map(DatasetSpec::embedded).toList(), run, false, true, false);
  }

  /**
   * Fails before anything starts for a dataset that cannot be run: unknown version, no password.
   */
  public static void check(BenchmarkPlan plan) {
    PlanRunner.check(plan);
  }

  /** The name reports know the plan's test by (its workload's when the plan names none). */
  public static String testName(BenchmarkPlan plan) {
    return plan.run().testName() != null
        ? plan.run().testName()
        : Workloads.testName(plan.run().workload());
  }

  /**
   * This machine's testbed as a live run names it when its plan names none: host name, CPU model
   * and logical CPUs ({@code HostFacts.testbed}); null where the host has no name.
   */
  public static String thisTestbed() {
    return new io.benchlake.loadgen.env.HostProbe().facts(Optional.empty()).testbed();
  }

  /** Whether {@code progressFile} holds cells of an earlier run of the plan, which a run skips. */
  public static boolean resumes(Optional<Path> progressFile) {
    return !PlanState.at(progressFile).isEmpty();
  }

  /**
   * Runs the plan; with a {@code progressFile} the cells an earlier run of it finished are skipped,
   * and this run's are kept there.
   */
  public List<PublishedRun> run(BenchmarkPlan plan, Optional<Path> progressFile) throws Exception {
    return runner.run(plan, PlanState.at(progressFile)).stream()
        .map(o -> new PublishedRun(o.runId(), o.dataset()))
        .toList();
  }

  /** sysbench's prepare: makes and loads each dataset's tables. */
  public void prepare(BenchmarkPlan plan) throws Exception {
    runner.tables(plan, PlanRunner.TableCommand.PREPARE);
  }

  /** sysbench's prewarm: reads each dataset's tables into the buffer pool. */
  public void prewarm(BenchmarkPlan plan) throws Exception {
    runner.tables(plan, PlanRunner.TableCommand.PREWARM);
  }

  /** sysbench's cleanup: drops each dataset's tables. */
  public void cleanup(BenchmarkPlan plan) throws Exception {
    runner.tables(plan, PlanRunner.TableCommand.CLEANUP);
  }

  /** Whether {@code name} is a workload benchlake runs (oltp_read_write, tprocc, ...). */
  public static boolean isWorkload(String name) {
    return Workloads.names().contains(name);
  }

  /** Every workload option, sysbench's OLTP ones first, then TPROC-C's. */
  public static List<OptionSpec> workloadOptions() {
    return Stream.concat(OltpOptions.SPECS.stream(), TproccOptions.SPECS.stream()).toList();
  }

  /**
   * Starts an embedded MariaDB of {@code version} on 127.0.0.1 ({@code port} 0: a free one) with
   * {@code settings} over the embedded defaults, signing in user benchlake with {@code password}
   * (null: a random one). An unknown version, or a setting that cannot be used (named as the server
   * verb's {@code --setting}), is bad input.
   */
  public static HostedServer hostEmbedded(
      BenchlakeHome home, String version, Map<String, String> settings, int port, String password) {
    MariaDbDistribution.of(version);
    ServerConfig config;
    try {
      config = ServerConfig.embedded(settings);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--setting " + e.getMessage());
    }
    return new HostedServer(EmbeddedMariaDb.start(home, version, config, port, password));
  }

  /** An embedded server hosted for other clients: where to reach it; closing stops it. */
  public static final class HostedServer implements AutoCloseable {
    private final EmbeddedMariaDb server;

    private HostedServer(EmbeddedMariaDb server) {
      this.server = server;
    }

    public String jdbcUrl() {
      return server.jdbcUrl();
    }

    public Path socket() {
      return server.socket();
    }

    public String user() {
      return server.user();
    }

    /** The mariadb client's option file for the benchmark user (mode 0600), never printed. */
    public Path clientOptions() {
      return server.clientOptions();
    }

    public Optional<Long> pid() {
      return server.pid();
    }

    @Override
    public void close() {
      server.close();
    }
  }
}
