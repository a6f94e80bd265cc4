package io.benchlake.cli;

import static io.benchlake.analytics.query.OutputFormat.CSV;
import static io.benchlake.analytics.query.OutputFormat.JSON;
import static io.benchlake.analytics.query.OutputFormat.MD;
import static io.benchlake.analytics.query.OutputFormat.TABLE;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryFiles;
import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventPublisher;
import io.benchlake.core.Labels;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.Alias;
import io.benchlake.warehouse.Warehouse;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** benchlake alias: one test name, dataset label or testbed read as another, in every view. */
@Command(
    name = "alias",
    mixinStandardHelpOptions = true,
    description = {
      "Read a test name, dataset label or testbed as another in every report, regression, trend and view"
          + " (the run keeps the name it was published with, as original_test_name or"
          + " original_dataset). sysbench script names (oltp_read_write) and HammerDB spellings"
          + " (TPROC-C, TPC-C, tpcc) are built in.",
      "Examples: benchlake alias dataset 'Mariadb 11.4.2-MariaDB-log' 'MariaDB 11.4.2'",
      "          benchlake alias test my_rw OLTP_RW     benchlake alias list",
      "          benchlake alias testbed 'db1 (Xeon Gold 6230, 40 CPUs)' db1"
    },
    subcommands = AliasCommand.ListAliases.class)
final class AliasCommand implements Runnable {
  private final BenchlakeHome home;

  AliasCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Spec CommandSpec spec;

  @Mixin BusOptions bus;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "give test, dataset, testbed, remove or list");
  }

  @Command(name = "test", description = "Read test name FROM as TO.")
  int test(@Parameters(paramLabel = "FROM") String from, @Parameters(paramLabel = "TO") String to) {
    return publish(Alias.Kind.test, from, to);
  }

  @Command(name = "dataset", description = "Read dataset label FROM as TO.")
  int dataset(
      @Parameters(paramLabel = "FROM") String from, @Parameters(paramLabel = "TO") String to) {
    return publish(Alias.Kind.dataset, from, to);
  }

  @Command(
      name = "testbed",
      description =
          "Read testbed FROM as TO: two names of one machine give one series in trends and"
              + " changes.")
  int testbed(
      @Parameters(paramLabel = "FROM") String from, @Parameters(paramLabel = "TO") String to) {
    return publish(Alias.Kind.testbed, from, to);
  }

  @Command(
      name = "remove",
      description = "Take back the alias of FROM (KIND: test, dataset or testbed).")
  int remove(
      @Parameters(paramLabel = "KIND") Alias.Kind kind,
      @Parameters(paramLabel = "FROM") String from) {
    return publish(kind, from, from);
  }

  /** benchlake alias list: the aliases in force. */
  @Command(name = "list", description = "The aliases in force, the users' and the built-in ones.")
  static final class ListAliases implements Callable<Integer> {
    @ParentCommand AliasCommand alias;

    @Mixin FormatOptions formats = FormatOptions.of(TABLE, CSV, JSON, MD);

    @Override
    public Integer call() {
      String query = QueryFiles.read("aliases_list.sql");
      formats.writeAnswer(
          () -> AnalyticsSession.openFor(Warehouse.of(alias.home), List.of(query)),
          session -> session.query(query));
      return 0;
    }
  }

  private int publish(Alias.Kind kind, String from, String to) {
    if (from.isBlank() || to.isBlank()) {
      throw new BadInputException("alias " + kind + ": FROM and TO must not be empty");
    }
    Labels.problem("alias " + kind + " FROM", from)
        .or(() -> Labels.problem("alias " + kind + " TO", to))
        .ifPresent(
            p -> {
              throw new BadInputException(p);
            });
    try (EventBus connection = bus.connect(home);
        EventPublisher publisher = new EventPublisher(connection.bootstrap())) {
      if (!from.equals(to)) {
        AliasesInLog.refuseIfItChains(home, connection.bootstrap(), kind, from, to);
      }
      publisher.publish(Alias.of(kind, from, to, System.getProperty("user.name"), Instant.now()));
    }
    System.out.printf(
        from.equals(to) ? "%s '%s' is read as itself again%n" : "%s '%s' is read as '%s'%n",
        kind,
        from,
        to);
    System.out.println("Next: benchlake ingest");
    return 0;
  }
}
