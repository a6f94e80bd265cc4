package io.benchlake.cli;

import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.loadgen.plan.BenchmarkPlan;
import io.benchlake.loadgen.plan.DatasetSpec;
import io.benchlake.loadgen.plan.PlanFile;
import io.benchlake.loadgen.plan.PlanFiles;
import io.benchlake.loadgen.plan.PlanRunner;
import io.benchlake.loadgen.workload.OptionSpec;
import io.benchlake.loadgen.workload.Workloads;
import io.benchlake.loadgen.workload.oltp.OltpOptions;
import io.benchlake.loadgen.workload.tprocc.TproccOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
      names = "--test",
      description = "A report test name, e.g. OLTP_RW, SELECT_SIMPLE or TPROCC.")
  String test;

  @Option(names = "--tag", description = "A tag for the run.")
  String tag;

  @Option(
      names = "--server",
      paramLabel = "VERSION",
      description = "An embedded MariaDB version (default 11.4.5).")
  String embedded;

  @Option(names = "--jdbc-url", description = "Any MariaDB server instead of an embedded one.")
  String jdbcUrl;

  @Option(
      names = "--install-dir",
      paramLabel = "DIR",
      description =
          "A MariaDB installation (bin/ or sbin/mariadbd) that benchlake initialises, starts on"
              + " 127.0.0.1 and stops itself.")
  String installDir;

  @Option(
      names = "--cnf",
      paramLabel = "FILE",
      description = "With --install-dir: the cnf template the run's cnf is written from.")
  String cnfTemplate;

  @Option(
      names = {"--user", "--mysql-user"},
      description =
          "The user for --jdbc-url (default root; sbtest with --mysql-host, as sysbench).")
  String user;

  @Option(
      names = "--histogram",
      arity = "0..1",
      fallbackValue = "on",
      paramLabel = "on|off",
      description =
          "Print sysbench's latency histogram at the end of each iteration (default off).")
  String histogram;

  @Option(
      names = "--mysql-host",
      description =
          "sysbench's way to name the server: --mysql-host, --mysql-port, --mysql-db make the JDBC"
              + " URL (defaults localhost, 3306, sbtest).")
  String mysqlHost;

  @Option(names = "--mysql-port", description = "The server's port (default 3306).")
  Integer mysqlPort;

  @Option(names = "--mysql-db", description = "The database (default sbtest).")
  String mysqlDb;

  @Option(
      names = "--mysql-socket",
      paramLabel = "PATH",
      description = "The server's Unix socket, instead of --mysql-host and --mysql-port.")
  String mysqlSocket;

  @Option(
      names = "--mysql-password",
      paramLabel = "PASSWORD",
      description =
          "The password, as sysbench takes it (masked wherever it would be printed; --password-env"
              + " keeps it off the command line).")
  String mysqlPassword;

  @Option(
      names = "--db-driver",
      paramLabel = "mysql",
      description = "sysbench's database driver: mysql, the only one benchlake has.")
  String dbDriver;

  @Option(
      names = "--password-env",
      paramLabel = "VAR",
      description = "The environment variable holding the password for --jdbc-url.")
  String passwordEnv;

  @Option(
      names = "--dataset",
      description = "The dataset label (default: Mariadb and the server's version).")
  String dataset;

  @Option(
      names = "--threads",
      split = ",",
      description = "The thread ladder, e.g. 1,2,4 (default 1).")
  List<Integer> threads;

  @Option(names = "--iterations", description = "Iterations per thread count (default 1).")
  Integer iterations;

  @Option(
      names = {"--time", "--duration"},
      description = "Measured time of an iteration, e.g. 10s, 5m; 0: no limit (default 10s).")
  String time;

  @Option(
      names = "--events",
      description = "Stop an iteration after this many events in all; 0: no limit.")
  Long events;

  @Option(
      names = {"--warmup-time", "--rampup"},
      description = "Warm-up (HammerDB's ramp-up) before the measured time, e.g. 2m (default 0s).")
  String warmup;

  @Option(
      names = "--report-interval",
      description = "Seconds between interval lines and samples (default 1s).")
  String reportInterval;

  @Option(
      names = "--percentile",
      description = "The latency percentile reported (default 95; 0 turns it off, as in sysbench).")
  Double percentile;

  @Option(
      names = "--rate",
      description =
          "Transactions per second in all, arriving at random; latency then includes queueing. 0: as fast as possible.")
  Double rate;

  @Option(
      names = "--forced-shutdown",
      paramLabel = "off|SECONDS",
      description =
          "How long after --time workers still in a transaction are cut off, the iteration then"
              + " failing (default off: wait for them, as sysbench).")
  String forcedShutdown;

  @Option(
      names = "--mysql-ignore-errors",
      description =
          "Error codes that retry the transaction, 'all' or 'none' (default 1213,1020,1205).")
  String ignoreErrors;

  @Option(
      names = "--restart-between-threads",
      description = "Restart the embedded server before each thread count.")
  Boolean restart;

  @Option(
      names = "--no-prepare",
      negatable = false,
      description = "Use the tables already there instead of creating them.")
  boolean noPrepare;

  @Option(
      names = "--no-wait",
      description =
          "Refuse at once when another benchlake process of this home is using the server"
              + " (default: wait for it).")
  boolean noWait;

  @Option(names = "--cleanup", description = "Drop the tables at the end.")
  Boolean cleanup;

  @Option(
      names = "--property",
      paramLabel = "NAME=VALUE",
      description = "A test property for the report's Test Info.")
  Map<String, String> properties;

  @Mixin BusOptions bus;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Every workload option: sysbench's OLTP ones, then TPROC-C's. */
  private static final List<OptionSpec> WORKLOAD_OPTIONS =
      java.util.stream.Stream.concat(OltpOptions.SPECS.stream(), TproccOptions.SPECS.stream())
          .toList();

  /** Adds every workload option of both families as a flag of the run verb. */
  static void addWorkloadOptions(CommandLine run) {
    for (OptionSpec o : WORKLOAD_OPTIONS) {
      boolean onOff = o.defaultValue().equals("on") || o.defaultValue().equals("off");
      CommandLine.Model.OptionSpec.Builder option =
          CommandLine.Model.OptionSpec.builder("--" + o.name())
              .paramLabel(onOff ? "on|off" : "VALUE")
              .type(String.class)
              .description(o.description() + " (default: " + o.defaultValue() + ")");
      if (onOff) { // --skip-trx alone is on, as in sysbench
        option.arity("0..1").fallbackValue("on");
      }
      run.getCommandSpec().addOption(option.build());
    }
  }

  @Override
  public Integer call() throws Exception {
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
    Path planFile = words.planFile();
    if (command == SysbenchCommandLine.Command.RUN) {
      noPrepare = true; // sysbench's run measures the tables that prepare made
    }
    Map<String, String> options = new LinkedHashMap<>();
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    for (OptionSpec o : WORKLOAD_OPTIONS) {
      String value = parsed.matchedOptionValue("--" + o.name(), null);
      if (value != null) {
        options.put(o.name(), value);
      }
    }
    PlanFile flags =
        new PlanFile(
            test,
            workload,
            tag,
            threads,
            iterations,
            time,
            events,
            warmup,
            reportInterval,
            percentile,
            histogram,
            rate,
            ignoreErrors,
            restart,
            noPrepare ? Boolean.FALSE : null,
            cleanup,
            options,
            properties,
            datasets(),
            forcedShutdown);
    String text = null;
    String source = "command line";
    PlanFile merged = flags;
    if (planFile != null) {
      if (!Files.isRegularFile(planFile)) {
        throw new BadInputException(
            planFile.toString().matches(".*\\.ya?ml")
                ? "no plan file " + planFile
                : "'"
                    + planFile
                    + "' is neither a plan file nor a workload (known: "
                    + String.join(", ", Workloads.names())
                    + ")");
      }
      text = Files.readString(planFile);
      source = planFile.toString();
      merged = flags.over(PlanFiles.parse(text, source));
    }
    BenchmarkPlan plan = PlanFiles.resolve(merged, text, source);
    RunJob job = new RunJob(BenchlakeHome.fromEnvironment(), System.out, !noWait);
    switch (command == null ? SysbenchCommandLine.Command.RUN : command) {
      case PREPARE -> job.tables(plan, PlanRunner.TableCommand.PREPARE);
      case PREWARM -> job.tables(plan, PlanRunner.TableCommand.PREWARM);
      case CLEANUP -> job.tables(plan, PlanRunner.TableCommand.CLEANUP);
      default -> job.run(plan, planFile, bus);
    }
    return 0;
  }

  private List<DatasetSpec> datasets() {
    if (dbDriver != null && !dbDriver.equals("mysql")) {
      throw new BadInputException(
          "--db-driver " + dbDriver + ": benchlake runs against MariaDB only (--db-driver mysql)");
    }
    boolean sysbenchServer =
        mysqlHost != null || mysqlPort != null || mysqlDb != null || mysqlSocket != null;
    boolean started = embedded != null || installDir != null;
    if (sysbenchServer && (jdbcUrl != null || started)) {
      throw new BadInputException(
          "--mysql-host, --mysql-port, --mysql-socket and --mysql-db name the server instead of --server,"
              + " --install-dir or --jdbc-url, not with them");
    }
    if (mysqlPassword != null && started) {
      throw new BadInputException(
          "--mysql-password goes with --mysql-host or --jdbc-url: benchlake signs in to the"
              + " servers it starts itself");
    }
    if (mysqlPassword != null && passwordEnv != null) {
      throw new BadInputException("give the password once: --mysql-password or --password-env");
    }
    String url = jdbcUrl;
    String who = user;
    if (sysbenchServer || (mysqlPassword != null && jdbcUrl == null)) { // localhost:3306/sbtest
      String database = mysqlDb == null ? "sbtest" : mysqlDb;
      url =
          mysqlSocket != null
              ? "jdbc:mariadb://localhost/" + database + "?localSocket=" + mysqlSocket
              : "jdbc:mariadb://"
                  + (mysqlHost == null ? "localhost" : mysqlHost)
                  + ":"
                  + (mysqlPort == null ? 3306 : mysqlPort)
                  + "/"
                  + database;
      who = user == null ? "sbtest" : user;
    }
    if (embedded == null && url == null && installDir == null) {
      return dataset == null
          ? null
          : List.of(
              new DatasetSpec(dataset, BenchmarkPlan.DEFAULT_EMBEDDED, null, null, null, null));
    }
    try {
      return List.of(
          new DatasetSpec(
              dataset,
              embedded,
              null,
              url,
              who,
              passwordEnv,
              installDir,
              cnfTemplate,
              mysqlPassword));
    } catch (IllegalArgumentException e) {
      throw new BadInputException(
          e.getMessage()
              .replace("embedded, install-dir or jdbc-url", "--server, --install-dir or --jdbc-url")
              .replace("cnf-template goes with install-dir", "--cnf goes with --install-dir"));
    }
  }
}
