package io.benchlake.loadgen.server;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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

  /**
   * The process of the server behind {@code c} when it runs on this machine: the server's host name
   * is this machine's, its {@code pid_file} is here and names a running mariadbd or mysqld. Empty
   * for a server elsewhere, or one whose pid file this user cannot read.
   */
  public static Optional<Long> processOnThisMachine(Connection c) throws SQLException {
    String hostname;
    Path pidFile;
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT @@hostname, @@pid_file, @@datadir")) {
      rs.next();
      hostname = rs.getString(1);
      pidFile = rs.getString(2) == null ? null : Path.of(rs.getString(3)).resolve(rs.getString(2));
    }
    try {
      if (pidFile == null
          || !InetAddress.getLocalHost().getHostName().equalsIgnoreCase(hostname)
          || !Files.isReadable(pidFile)) {
        return Optional.empty();
      }
      long pid = Long.parseLong(Files.readString(pidFile).trim());
      return ProcessHandle.of(pid)
          .filter(
              p ->
                  p.info()
                      .command()
                      .map(Path::of)
                      .map(command -> command.getFileName().toString())
                      .filter(name -> name.equals("mariadbd") || name.equals("mysqld"))
                      .isPresent())
          .map(ProcessHandle::pid);
    } catch (IOException | NumberFormatException e) {
      return Optional.empty(); // not a pid file this machine can use
    }
  }

  @Override
  public String toString() {
    return "JdbcServer[" + io.benchlake.loadgen.env.Redaction.url(jdbcUrl) + " as " + user + "]";
  }
}
