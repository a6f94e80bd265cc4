package io.benchlake.loadgen.server;

import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.home.Ports;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
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

  private final MariadbdProcess process;
  private final Thread stopAtExit;

  private InstallDirServer(
      Path installDir,
      Path serverDir,
      MariadbdProcess process,
      int port,
      String password,
      String cnf) {
    super(port, password, cnf, serverDir, installDir);
    this.process = process;
    this.stopAtExit = new Thread(process::stop, "stop-mariadbd-" + process.pid());
  }

  /**
   * Starts the server of {@code installDir} with the cnf {@code template} (null: none) and {@code
   * settings} laid over it; a directory that is not a MariaDB installation, or a template that
   * cannot be read, is a user mistake. Another process using the same installation is waited for.
   */
  public static InstallDirServer start(
      BenchlakeHome home, Path installDir, Path template, Map<String, String> settings) {
    return start(home, installDir, template, settings, ServerTurn.WAIT);
  }

  /** As {@link #start(BenchlakeHome, Path, Path, Map)}, waiting or refusing by {@code turn}. */
  public static InstallDirServer start(
      BenchlakeHome home,
      Path installDir,
      Path template,
      Map<String, String> settings,
      ServerTurn turn) {
    Path dir = installDir.toAbsolutePath().normalize();
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
    int port = Ports.freeLoopbackPort();
    Path socket = ServerAccess.privateSocket(serverDir);
    StringBuilder run = new StringBuilder(templateText);
    if (!templateText.isEmpty() && !templateText.endsWith("\n")) {
      run.append('\n');
    }
    // Later settings of a group win: what benchlake must own comes last.
    run.append("\n[mysqld]\n# benchlake: the settings asked for\n");
    settings.forEach((k, v) -> run.append(v == null ? k : k + "=" + v).append('\n'));
    run.append(MariadbdProcess.ownedSettings(port, dir, serverDir, socket));
    if (!ServerCertificate.namedIn(run.toString())) {
      run.append(ServerCertificate.of(home.servers()).settings());
    }
    String secret = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
    MariadbdProcess process =
        MariadbdProcess.start(
            dir, serverDir, run.toString(), socket, secret, "the server of " + dir, turn);
    InstallDirServer server =
        new InstallDirServer(dir, serverDir, process, port, secret, run.toString());
    Runtime.getRuntime().addShutdownHook(server.stopAtExit);
    LOG.info("mariadbd of {} (pid {}) on 127.0.0.1:{}", dir, process.pid(), port);
    return server;
  }

  /** The server's Unix socket, in a directory only this OS user can enter. */
  public Path socket() {
    return process.socket();
  }

  @Override
  public String origin() {
    return "install-dir";
  }

  @Override
  public Optional<Long> pid() {
    return Optional.of(process.pid());
  }

  @Override
  public void close() {
    process.stop();
    try {
      Runtime.getRuntime().removeShutdownHook(stopAtExit);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down: the hook is running or has run
    }
  }
}
