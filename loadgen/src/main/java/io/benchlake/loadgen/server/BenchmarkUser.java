package io.benchlake.loadgen.server;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The one account of the servers benchlake starts: the benchmark user and its database, made by the
 * server itself from an init file at every start, which also drops root and the anonymous accounts
 * {@code mariadb-install-db} leaves without a password (data dirs made before included). No one
 * else gets in: benchlake itself signs in as the benchmark user.
 */
final class BenchmarkUser {
  static final String USER = "benchlake";
  static final String DATABASE = "sbtest";

  private BenchmarkUser() {}

  static Connection overSocket(Path socket, String password) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:mariadb://localhost/?localSocket=" + socket, USER, password);
  }

  /**
   * The init file's statements: run by mariadbd before it accepts a connection, one a line, with
   * {@code password} (checked to be [A-Za-z0-9_.-]: nothing to escape). Kept out of the binlog.
   */
  static String initSql(String password) {
    if (!password.matches("[A-Za-z0-9_.-]{8,64}")) {
      throw new IllegalArgumentException("a benchmark password of 8 to 64 [A-Za-z0-9_.-]");
    }
    StringBuilder sql = new StringBuilder("SET SESSION sql_log_bin = 0;\n");
    sql.append(
        "DROP USER IF EXISTS 'root'@'localhost', 'root'@'127.0.0.1', 'root'@'::1',"
            + " ''@'localhost', ''@'127.0.0.1', 'mysql'@'localhost';\n");
    // mariadb-install-db also names the machine: root@<hostname> and ''@<hostname>
    sql.append("SET @benchlake_host = @@hostname;\n")
        .append(
            "SET @benchlake_drop = CONCAT('DROP USER IF EXISTS ''root''@''', @benchlake_host,"
                + " ''', ''''@''', @benchlake_host, '''');\n")
        .append("PREPARE benchlake_drop FROM @benchlake_drop;\n")
        .append("EXECUTE benchlake_drop;\n")
        .append("DEALLOCATE PREPARE benchlake_drop;\n");
    sql.append("CREATE DATABASE IF NOT EXISTS ").append(DATABASE).append(";\n");
    for (String host : new String[] {"127.0.0.1", "localhost"}) {
      String account = "'" + USER + "'@'" + host + "'";
      sql.append("CREATE OR REPLACE USER ")
          .append(account)
          .append(" IDENTIFIED BY '")
          .append(password)
          .append("';\n")
          .append("GRANT ALL PRIVILEGES ON *.* TO ")
          .append(account)
          .append(";\n");
    }
    return sql.toString();
  }
}
