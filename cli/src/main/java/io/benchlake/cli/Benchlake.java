package io.benchlake.cli;

import io.benchlake.bus.BusException;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.home.EnvironmentException;
import io.benchlake.home.ServerFailedException;
import io.benchlake.ingest.FlinkCluster;
import io.benchlake.loadgen.env.Redaction;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The benchlake launcher: one command with verbs; every error is caught here, once. */
@Command(
    name = "benchlake",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "An event-sourced warehouse for database benchmark results.",
    subcommands = {
      DemoCommand.class,
      RunCommand.class,
      ServerCommand.class,
      BrokerCommand.class,
      ImportCommand.class,
      IngestCommand.class,
      SqlCommand.class,
      ReportCommand.class,
      RegressionsCommand.class,
      TrendCommand.class,
      ChangesCommand.class,
      AnnotateCommand.class,
      AlertsCommand.class,
      DashboardCommand.class,
      AliasCommand.class,
      ScheduleCommand.class,
      ExportCommand.class,
      DlqCommand.class,
      VerifyCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Benchlake implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a verb is required");
  }

  public static void main(String[] args) {
    int exit = execute(args);
    if (exit == 0 && FlinkCluster.localJobRan()) {
      ClassArchive.dumpIfAsked();
    }
    System.exit(exit);
  }

  /**
   * Runs one command line in the home the environment names (the benchlake.home property, else
   * $BENCHLAKE_HOME, else ~/.benchlake: the one place it is read) and returns its exit code; a home
   * it cannot use is exit 2.
   */
  public static int execute(String... args) {
    BenchlakeHome home;
    try {
      home = BenchlakeHome.fromEnvironment();
    } catch (BadInputException e) {
      System.err.println("benchlake: " + e.getMessage());
      return 2;
    }
    if (System.getProperty("benchlake.logdir") == null) {
      System.setProperty("benchlake.logdir", home.logs().toString());
    }
    return execute(home, args);
  }

  /**
   * Runs one command line in {@code home} and returns its exit code (docs/architecture.md, Exit
   * codes): every verb gets that home through {@link VerbFactory}.
   */
  public static int execute(BenchlakeHome home, String... args) {
    CommandLine cmd = commandLine(home);
    CommandLine run = cmd.getSubcommands().get("run");
    WorkloadFlags.addTo(run);
    cmd.setParameterExceptionHandler(Benchlake::badCommandLine);
    cmd.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          PrintWriter err = commandLine.getErr();
          if (ex instanceof BadInputException) {
            err.println("benchlake: " + ex.getMessage());
            return 2;
          }
          if (ex instanceof EnvironmentException) {
            // Logged too: the cause (a Kafka or file-system error) helps whoever looks further.
            org.slf4j.LoggerFactory.getLogger(Benchlake.class).warn("environment not usable", ex);
            err.println("benchlake: " + ex.getMessage());
            return 6;
          }
          if (ex instanceof ServerFailedException) {
            err.println(
                "benchlake: the server failed during the run (marked failed): " + ex.getMessage());
            return 5;
          }
          org.slf4j.LoggerFactory.getLogger(Benchlake.class).error("benchlake failed", ex);
          if (ex instanceof BusException) {
            err.println("benchlake: " + ex.getMessage());
            return 1;
          }
          err.println(
              "benchlake: internal error: "
                  + ex
                  + " (stack trace in "
                  + home.logs().resolve("benchlake.log")
                  + ")");
          return 1;
        });
    if (args.length > 0 && args[0].equals("run")) {
      args = SysbenchCommandLine.respell(args, run.getCommandSpec());
    }
    return cmd.execute(args);
  }

  /** The launcher's verbs, each made with {@code home}. */
  static CommandLine commandLine(BenchlakeHome home) {
    return new CommandLine(new Benchlake(), new VerbFactory(home));
  }

  /**
   * A command line that does not parse: one line naming what is wrong, with picocli's suggestions
   * and where the options are listed, and no secret of the command line in it (an unknown option is
   * echoed whole: '--mysql-password=…'). Exit 2.
   */
  private static int badCommandLine(CommandLine.ParameterException ex, String[] args) {
    CommandLine where = ex.getCommandLine();
    String message = ex.getMessage();
    if (ex instanceof CommandLine.UnmatchedArgumentException unmatched
        && !unmatched.getSuggestions().isEmpty()) {
      message += "; did you mean " + String.join(" or ", unmatched.getSuggestions()) + "?";
    }
    String verb = where.getCommandSpec().qualifiedName();
    where
        .getErr()
        .println(verb + ": " + Redaction.commandLine(message, args) + " (see " + verb + " --help)");
    return 2;
  }
}
