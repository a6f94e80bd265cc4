package io.benchlake.analytics;

import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A DuckDB session over the committed Parquet files of a warehouse, with the views of {@code sql/}
 * loaded: every read path's session (sql, report, regressions, ...). It writes nothing: user
 * statements run only when DuckDB parses them as one read statement ({@link ReadStatement}), file
 * access is limited to reading the warehouse, and DuckDB spills under the home, never into the
 * working directory. Files whose size differs from their commit are refused before any query.
 */
public final class AnalyticsSession implements AutoCloseable {
  private final Connection connection;

  private AnalyticsSession(Connection connection) {
    this.connection = connection;
  }

  public static AnalyticsSession open(Warehouse warehouse) {
    return open(warehouse, BenchlakeHome.fromEnvironment().root().resolve("tmp").resolve("duckdb"));
  }

  /** A session whose DuckDB spills (sorts and joins larger than memory) into {@code spill}. */
  public static AnalyticsSession open(Warehouse warehouse, Path spill) {
    // DuckDB (its native library, the database) starts on another thread while this one reads
    // and checks the manifest: both are cold-start work of a few hundred ms to a second or more
    CompletableFuture<Connection> starting =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return DriverManager.getConnection("jdbc:duckdb:");
              } catch (SQLException e) {
                throw new CompletionException(e);
              }
            });
    Manifest manifest;
    try {
      manifest = warehouse.currentChecked();
    } catch (RuntimeException e) {
      starting.thenAccept(AnalyticsSession::closeQuietly);
      throw e;
    }
    try {
      Connection c = started(starting);
      try (Statement st = c.createStatement()) {
        st.execute("SET TimeZone = 'UTC'");
        // every view over the raw views binds them again, and union_by_name reads the footer of
        // every file each time: cached, a footer is read once a session (the sizes were checked)
        st.execute("SET parquet_metadata_cache = true");
        st.execute("SET temp_directory = " + RawTables.literal(spill.toAbsolutePath().toString()));
        for (WarehouseTable table : WarehouseTable.values()) {
          st.execute(RawTables.createView(table, warehouse.files(manifest, table)));
        }
        for (ViewScripts.Script script : ViewScripts.load()) {
          try {
            st.execute(script.sql());
          } catch (SQLException e) {
            throw new IllegalStateException(
                "view script sql/" + script.name() + " failed: " + e.getMessage(), e);
          }
        }
        String root = warehouse.root().toString();
        st.execute("SET allowed_directories = [" + RawTables.literal(root + "/") + "]");
        st.execute("SET enable_external_access = false");
        st.execute("SET lock_configuration = true");
      }
      return new AnalyticsSession(c);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot open DuckDB over " + warehouse.root() + ": " + e.getMessage(), e);
    }
  }

  private static Connection started(CompletableFuture<Connection> starting) throws SQLException {
    try {
      return starting.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof SQLException sql) {
        throw sql;
      }
      throw e;
    }
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException e) {
      // the session was refused before it was used; nothing was opened through it
    }
  }

  /**
   * The session for a question about runs: an empty warehouse is the user's mistake, said in one
   * line that tells how to fill it.
   */
  public static AnalyticsSession openWithRuns(Warehouse warehouse) {
    AnalyticsSession session = open(warehouse);
    try (Statement st = session.connection.createStatement();
        java.sql.ResultSet rs = st.executeQuery("SELECT count(*) FROM runs")) {
      rs.next();
      if (rs.getLong(1) == 0) {
        session.close();
        throw new BadInputException(
            "no runs yet; run `benchlake demo` or `benchlake import` (then `benchlake ingest`)");
      }
      return session;
    } catch (SQLException e) {
      session.close();
      throw new IllegalStateException("cannot count the runs: " + e.getMessage(), e);
    }
  }

  public Connection connection() {
    return connection;
  }

  /**
   * Runs one user statement, which must be a read statement; a SQL error or any other statement is
   * a user mistake, reported in one line.
   */
  public QueryResult query(String sql) {
    ReadStatement.check(connection, sql);
    try (PreparedStatement st = connection.prepareStatement(sql)) {
      if (!st.execute()) {
        return QueryResult.empty();
      }
      return QueryResult.of(st.getResultSet());
    } catch (SQLException e) {
      throw new BadInputException("SQL error: " + firstLine(e.getMessage()));
    }
  }

  static String firstLine(String message) {
    if (message == null) {
      return "unknown error";
    }
    return message.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse(message);
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      // nothing to keep: the session was in memory
    }
  }
}
