package io.benchlake.loadgen.server;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The benchmark database and user benchlake creates on the servers it starts, through the server's
 * Unix socket as root, over JDBC (the client binaries of some bundled versions lack libraries).
 */
final class BenchmarkUser {
  static final String USER = "benchlake";
  static final String DATABASE = "sbtest";

  private BenchmarkUser() {}

  static Connection rootOverSocket(Path socket) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:mariadb://localhost/?localSocket=" + socket, "root", null);
  }

  /** Creates the database and the user with {@code password}, which is never logged. */
  static void create(Path socket, String password, String server) {
    try (Connection c = rootOverSocket(socket);
        Statement st = c.createStatement()) {
      st.execute("CREATE DATABASE IF NOT EXISTS " + DATABASE);
      for (String host : new String[] {"127.0.0.1", "localhost"}) {
        // The password is checked to be [A-Za-z0-9_.-]: nothing to escape.
        st.execute(
            "CREATE OR REPLACE USER '"
                + USER
                + "'@'"
                + host
                + "' IDENTIFIED BY '"
                + password
                + "'");
        st.execute("GRANT ALL PRIVILEGES ON *.* TO '" + USER + "'@'" + host + "'");
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot create the benchmark user on " + server + ": SQL error " + e.getErrorCode(), e);
    }
  }
}
