package io.benchlake.loadgen.server;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Any MariaDB server reachable by a JDBC URL: benchlake neither starts nor stops it, and knows its
 * cnf only from the server's own variables.
 */
public record JdbcServer(String jdbcUrl, String user, String password) implements ServerUnderTest {

  @Override
  public String origin() {
    return "jdbc";
  }

  @Override
  public Optional<Path> installDir() {
    return Optional.empty();
  }

  @Override
  public Optional<String> configContents() {
    return Optional.empty();
  }

  @Override
  public Optional<Path> configFile() {
    return Optional.empty();
  }

  @Override
  public Optional<Long> pid() {
    return Optional.empty();
  }

  @Override
  public void close() {
    // not ours to stop
  }

  @Override
  public String toString() {
    return "JdbcServer[" + io.benchlake.loadgen.env.Redaction.url(jdbcUrl) + " as " + user + "]";
  }
}
