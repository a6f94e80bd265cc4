package io.benchlake.cli;

import io.benchlake.home.BadInputException;
import io.benchlake.loadgen.plan.BenchmarkPlan;
import io.benchlake.loadgen.plan.DatasetSpec;
import io.benchlake.loadgen.plan.ServerSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The server under test as the run verb's flags name it: an embedded version, an installation, a
 * JDBC URL, or sysbench's --mysql-* connection options, with the user, password and dataset label.
 */
final class ServerOptions {
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

  /**
   * The one dataset the flags name, or null when they name no server and no label (the plan's, or
   * the default embedded server, then stands).
   */
  List<DatasetSpec> datasets() {
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
    int servers = (embedded == null ? 0 : 1) + (url == null ? 0 : 1) + (installDir == null ? 0 : 1);
    if (servers > 1) {
      throw new BadInputException(
          "a dataset needs exactly one of --server, --install-dir or --jdbc-url");
    }
    if (cnfTemplate != null && installDir == null) {
      throw new BadInputException("--cnf goes with --install-dir");
    }
    if (servers == 0) {
      return dataset == null
          ? null
          : List.of(
              new DatasetSpec(
                  dataset, new ServerSpec.Embedded(BenchmarkPlan.DEFAULT_EMBEDDED, Map.of())));
    }
    try {
      ServerSpec server =
          embedded != null
              ? new ServerSpec.Embedded(embedded, Map.of())
              : installDir != null
                  ? new ServerSpec.InstallDir(
                      Path.of(installDir), Optional.ofNullable(cnfTemplate).map(Path::of), Map.of())
                  : new ServerSpec.Jdbc(url, who, mysqlPassword, passwordEnv);
      return List.of(new DatasetSpec(dataset, server));
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage());
    }
  }
}
