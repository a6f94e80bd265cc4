package io.benchlake.cli;

import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.loadgen.LoadGenerator;
import io.benchlake.loadgen.plan.BenchmarkPlan;
import io.benchlake.loadgen.plan.PlanFile;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** benchlake run: a benchmark run from a plan file, from sysbench-style flags, or both. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Run a workload against MariaDB servers and publish every event to the event log.",
      "With PLAN (YAML) a rerun skips the (dataset, threads, iteration) cells already done;"
          + " flags given with a plan override it.",
      "Workload options have sysbench's names and defaults (--tables, --table-size, --rand-type, ...).",
      "A sysbench command line runs as it is: benchlake run oltp_read_write --table_size=1000"
          + " --threads=4 prepare|prewarm|run|cleanup (run: the tables must be there, as in sysbench)."
    })
final class RunCommand implements Callable<Integer> {
  private final BenchlakeHome home;

  RunCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Parameters(
      arity = "0..2",
      paramLabel = "PLAN|TESTNAME [COMMAND]",
      description = {
        "A run plan in YAML, or as sysbench takes them, a workload (e.g. oltp_read_write) and a"
            + " command:",
        "  prepare: create and load the tables, then stop; prewarm: read them into the buffer"
            + " pool; run: measure on the tables already there; cleanup: drop them. Without a"
            + " command: prepare, then measure."
      })
  List<String> positionals;

  @Option(
      names = "--workload",
      description = "A sysbench workload, e.g. oltp_read_write, or tprocc (HammerDB's TPROC-C).")
  String workload;

  @Option(
      names = "--no-wait",
      description =
          "Refuse at once when another benchlake process of this home is using the server"
              + " (default: wait for it).")
  boolean noWait;

  @Option(
      names = "--testbed",
      paramLabel = "NAME",
      description =
          "The machine the run is measured on, as trends and changes group runs (default: host"
              + " name, CPU model and logical CPUs).")
  String testbed;

  @Option(
      names = "--confirm",
      paramLabel = "ALERT_ID",
      description = {
        "Re-run both sides of alert ALERT_ID's cell (the runs before and after it, from their"
            + " recorded parameters) in ABBA order on freshly started servers of this testbed,"
            + " and say whether the alert is confirmed, refuted or inconclusive.",
        "The re-runs are marked: every series leaves them out."
      })
  String confirm;

  @Mixin TestOptions about;
  @Mixin ServerOptions server;
  @Mixin LadderOptions ladder;
  @Mixin OutputOptions output;
  @Mixin BusOptions bus;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (confirm != null) {
      if (positionals != null && !positionals.isEmpty()) {
        throw new BadInputException(
            "--confirm re-runs what the alert's runs recorded: give no plan or workload");
      }
      new ConfirmJob(home, System.out, !noWait).confirm(confirm, testbed, bus);
      return 0;
    }
    SysbenchCommandLine.Positionals words = SysbenchCommandLine.Positionals.of(positionals);
    SysbenchCommandLine.Command command = words.command();
    if (command == SysbenchCommandLine.Command.HELP) {
      spec.commandLine().usage(spec.commandLine().getOut());
      return 0;
    }
    if (words.workload() != null && workload != null && !workload.equals(words.workload())) {
      throw new BadInputException(
          "two workloads: " + words.workload() + " and --workload " + workload);
    }
    if (words.workload() != null) {
      workload = words.workload();
    }
    if (command == SysbenchCommandLine.Command.RUN) {
      about.noPrepare = true; // sysbench's run measures the tables that prepare made
    }
    BenchmarkPlan plan = LoadGenerator.plan(flags(), words.planFile());
    RunJob job = new RunJob(home, System.out, !noWait);
    switch (command == null ? SysbenchCommandLine.Command.RUN : command) {
      case PREPARE -> job.tables().prepare(plan);
      case PREWARM -> job.tables().prewarm(plan);
      case CLEANUP -> job.tables().cleanup(plan);
      default -> job.run(plan, words.planFile(), bus);
    }
    return 0;
  }

  /** The flags as a plan, laid over the plan file's. */
  private PlanFile flags() {
    return new PlanFile(
        about.test,
        workload,
        about.tag,
        ladder.threads,
        ladder.iterations,
        ladder.time,
        ladder.events,
        ladder.warmup,
        output.reportInterval,
        output.percentile,
        output.histogram,
        ladder.rate,
        ladder.ignoreErrors,
        ladder.restart,
        about.noPrepare ? Boolean.FALSE : null,
        about.cleanup,
        WorkloadFlags.given(spec.commandLine().getParseResult()),
        about.properties,
        server.datasets(),
        ladder.forcedShutdown,
        testbed);
  }
}
