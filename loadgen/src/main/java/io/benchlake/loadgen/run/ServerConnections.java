package io.benchlake.loadgen.run;

import io.benchlake.home.BadInputException;
import io.benchlake.loadgen.env.Redaction;
import io.benchlake.loadgen.server.ServerUnderTest;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * Connections to the server under test, opened when asked for and closed by whoever asked, as
 * sysbench's are: a run holds its workers' connections and a few short ones of its own, never a
 * pool of spares (a 128-thread run fits a server's {@code max_connections=200}).
 *
 * <p>A worker's connection is opened without a connect timeout, so that its socket stays blocking:
 * the JDK's socket turns non-blocking for good at its first timed connect or read, and every read
 * after that is a read, a poll and a read again when the answer is not there yet (libmariadb's
 * pattern too). A blocking read is one system call per answer, and takes about a tenth less client
 * CPU per point select on 2 cores. The server was reached with a timeout just before; the
 * statements of a worker never had one.
 */
public final class ServerConnections extends MariaDbDataSource implements WorkerConnections {
  /** How long a connection of setup and status readings, or a worker's reconnect, waits. */
  private static final int CONNECT_TIMEOUT_MS = 15_000;

  private final MariaDbDataSource blocking;

  private ServerConnections(ServerUnderTest server, Map<String, String> properties)
      throws SQLException {
    super(url(server, CONNECT_TIMEOUT_MS, properties));
    signIn(this, server);
    blocking = signIn(new MariaDbDataSource(url(server, 0, properties)), server);
  }

  private static MariaDbDataSource signIn(MariaDbDataSource source, ServerUnderTest server)
      throws SQLException {
    source.setUser(server.user());
    source.setPassword(server.password());
    return source;
  }

  /**
   * Checks that the server answers as {@code server}'s user; a server that cannot be reached, a
   * wrong password or a URL that is not MariaDB's is a {@link BadInputException} naming the server,
   * never its password. Statements are prepared on the server.
   */
  public static ServerConnections open(ServerUnderTest server) {
    return open(server, Map.of());
  }

  /**
   * As {@link #open(ServerUnderTest)}, with driver {@code properties} (a workload's {@link
   * io.benchlake.loadgen.workload.WorkloadOptions#connectionProperties}) over benchlake's defaults;
   * those the JDBC URL sets itself win.
   */
  public static ServerConnections open(ServerUnderTest server, Map<String, String> properties) {
    try {
      ServerConnections connections = new ServerConnections(server, properties);
      try (Connection ignored = connections.getConnection()) {
        return connections;
      }
    } catch (SQLException e) {
      throw new BadInputException(
          "cannot connect to "
              + Redaction.url(server.jdbcUrl())
              + " as "
              + server.user()
              + ": "
              + Redaction.message(
                  String.valueOf(e.getMessage()).lines().findFirst().orElse(""),
                  server.jdbcUrl(),
                  server.password()));
    }
  }

  /** A worker's connection: a blocking socket. */
  @Override
  public Connection worker() throws SQLException {
    return blocking.getConnection();
  }

  private static String url(
      ServerUnderTest server, int connectTimeoutMs, Map<String, String> properties) {
    Properties options = new Properties();
    options.setProperty("useServerPrepStmts", "true");
    properties.forEach(options::setProperty);
    options.setProperty("cachePrepStmts", "true");
    options.setProperty("connectTimeout", Integer.toString(connectTimeoutMs));
    return withDefaults(server.jdbcUrl(), options);
  }

  /**
   * {@code url} with each of {@code options} the URL does not set itself: the user's choice wins.
   */
  static String withDefaults(String url, Properties options) {
    StringBuilder s = new StringBuilder(url);
    int query = url.indexOf('?');
    String given = query < 0 ? "" : "&" + url.substring(query + 1).toLowerCase(Locale.ROOT);
    char separator = query < 0 ? '?' : '&';
    for (String key : options.stringPropertyNames().stream().sorted().toList()) {
      if (!given.contains("&" + key.toLowerCase(Locale.ROOT) + "=")) {
        s.append(separator).append(key).append('=').append(options.getProperty(key));
        separator = '&';
      }
    }
    return s.toString();
  }
}
