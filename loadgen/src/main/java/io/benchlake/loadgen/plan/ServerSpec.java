package io.benchlake.loadgen.plan;

import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.loadgen.env.Redaction;
import io.benchlake.loadgen.server.EmbeddedMariaDb;
import io.benchlake.loadgen.server.InstallDirServer;
import io.benchlake.loadgen.server.JdbcServer;
import io.benchlake.loadgen.server.MariaDbDistribution;
import io.benchlake.loadgen.server.ServerConfig;
import io.benchlake.loadgen.server.ServerTurn;
import io.benchlake.loadgen.server.ServerUnderTest;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The server under test of a dataset, one of three kinds: an embedded MariaDB version, an
 * installation benchlake starts itself, or any server behind a JDBC URL.
 */
public sealed interface ServerSpec {

  /** Fails before anything starts when this server cannot be run (unknown version, no password). */
  void check();

  /**
   * Starts the server (or only connects to it); a server in use by another process waits by turn.
   */
  ServerUnderTest start(BenchlakeHome home, ServerTurn turn);

  /** How the run's header names the server; a password in a URL is masked. */
  String describe();

  /** An embedded MariaDB of {@code version}, with extra [mysqld] settings. */
  record Embedded(String version, Map<String, String> cnf) implements ServerSpec {
    public Embedded {
      Objects.requireNonNull(version, "version");
      cnf = settings(cnf);
    }

    @Override
    public void check() {
      MariaDbDistribution.of(version);
    }

    @Override
    public ServerUnderTest start(BenchlakeHome home, ServerTurn turn) {
      return EmbeddedMariaDb.start(home, version, ServerConfig.embedded(cnf), turn);
    }

    @Override
    public String describe() {
      return "embedded MariaDB " + version;
    }
  }

  /** A MariaDB installation, its cnf written from {@code cnfTemplate} when there is one. */
  record InstallDir(Path dir, Optional<Path> cnfTemplate, Map<String, String> cnf)
      implements ServerSpec {
    public InstallDir {
      Objects.requireNonNull(dir, "dir");
      cnfTemplate = cnfTemplate == null ? Optional.empty() : cnfTemplate;
      cnf = settings(cnf);
    }

    @Override
    public void check() {}

    @Override
    public ServerUnderTest start(BenchlakeHome home, ServerTurn turn) {
      return InstallDirServer.start(home, dir, cnfTemplate.orElse(null), cnf, turn);
    }

    @Override
    public String describe() {
      return "MariaDB of " + dir;
    }
  }

  /**
   * Any MariaDB server: its URL, user, and the password given or the variable that holds it (null
   * for either when there is none).
   */
  record Jdbc(String url, String user, String password, String passwordEnv) implements ServerSpec {
    public Jdbc {
      if (url == null || !(url.startsWith("jdbc:mariadb:") || url.startsWith("jdbc:mysql:"))) {
        throw new IllegalArgumentException(
            "jdbc-url must start with jdbc:mariadb: or jdbc:mysql:, was '"
                + (url == null ? "" : Redaction.url(url))
                + "'");
      }
      if (passwordEnv != null && password != null) {
        throw new IllegalArgumentException(
            "a password comes from password-env or is given, not both");
      }
    }

    @Override
    public void check() {
      if (password == null && passwordEnv != null && System.getenv(passwordEnv) == null) {
        throw new BadInputException(
            "the password variable " + passwordEnv + " of " + Redaction.url(url) + " is not set");
      }
    }

    @Override
    public ServerUnderTest start(BenchlakeHome home, ServerTurn turn) {
      return JdbcServer.of(url, user, resolvePassword());
    }

    /** The password to sign in with: given, read from its variable, or none. */
    String resolvePassword() {
      if (password != null) {
        return password;
      }
      return passwordEnv == null ? "" : Optional.ofNullable(System.getenv(passwordEnv)).orElse("");
    }

    @Override
    public String describe() {
      return Redaction.url(url);
    }

    @Override
    public String toString() {
      return "Jdbc[url="
          + Redaction.url(url)
          + ", user="
          + user
          + (password != null ? ", password=" + Redaction.MASK : "")
          + (passwordEnv != null ? ", password-env=" + passwordEnv : "")
          + "]";
    }
  }

  /**
   * The settings in the order given, unmodifiable: a plan's digest (its progress file's name) is
   * taken over its text, so the order must not change from one JVM to the next as Map.copyOf's
   * does.
   */
  private static Map<String, String> settings(Map<String, String> cnf) {
    return cnf == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(cnf));
  }
}
