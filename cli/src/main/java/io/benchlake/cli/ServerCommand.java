package io.benchlake.cli;

import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.loadgen.LoadGenerator;
import io.benchlake.loadgen.plan.ServerSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * benchlake server: an embedded MariaDB in the foreground on 127.0.0.1, for other clients
 * (sysbench, the mariadb client, benchlake run --jdbc-url) to share; Ctrl-C stops it.
 */
@Command(
    name = "server",
    description = "Host an embedded MariaDB server on 127.0.0.1 until Ctrl-C.")
final class ServerCommand implements Callable<Integer> {
  private final BenchlakeHome home;

  ServerCommand(BenchlakeHome home) {
    this.home = home;
  }

  // Help only: --version here is the MariaDB version, so picocli's standard -V/--version (which
  // mixinStandardHelpOptions would add, clashing with it) is left out; `benchlake -V` has it.
  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help message and exit.")
  boolean help;

  @Option(
      names = "--version",
      defaultValue = "11.4.5",
      description = "The embedded MariaDB version (default: ${DEFAULT-VALUE}).")
  String version;

  @Option(names = "--port", defaultValue = "0", description = "The port (default: a free one).")
  int port;

  @Option(
      names = "--password-env",
      paramLabel = "VAR",
      description =
          "The environment variable holding the password of user 'benchlake' (default: random, not shown).")
  String passwordEnv;

  @Option(
      names = "--setting",
      paramLabel = "NAME=VALUE",
      description =
          "A [mysqld] setting over the embedded defaults, e.g. innodb_log_file_size=1G (repeatable).")
  Map<String, String> settings = new LinkedHashMap<>();

  @Override
  public Integer call() throws Exception {
    new ServerSpec.Embedded(version, settings).check(); // an unknown version, before all else
    String password = null;
    if (passwordEnv != null) {
      password = System.getenv(passwordEnv);
      if (password == null) {
        throw new BadInputException("--password-env: " + passwordEnv + " is not set");
      }
    }
    CountDownLatch stopped = new CountDownLatch(1);
    try (var server = LoadGenerator.hostEmbedded(home, version, settings, port, password)) {
      System.out.printf(
          "MariaDB %s listening: %s and socket %s, user %s (pid %s)%n"
              + "Connect as %s: mariadb --defaults-extra-file=%s (the password is in that file,"
              + " readable by you alone; only %s gets in)%nReady. Ctrl-C stops it.%n",
          version,
          server.jdbcUrl(),
          server.socket(),
          server.user(),
          server.pid().map(String::valueOf).orElse("?"),
          server.user(),
          server.clientOptions(),
          server.user());
      System.out.flush();
      Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
      stopped.await();
    }
    return 0;
  }
}
