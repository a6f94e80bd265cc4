package io.benchlake.analytics;

import io.benchlake.home.BadInputException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The one-line mistake for a history (test, thread count, metric) with no completed runs, naming
 * what does exist: the tests, or the thread counts of the test.
 */
public final class NoHistory {
  /** The tests with completed runs, named when the test typed is not one of them. */
  public static final String TESTS_SQL = QueryFiles.read("report_tests.sql");

  /** A test's thread counts with the metric, named when the one typed has no runs. */
  public static final String THREADS_SQL = QueryFiles.read("series_threads.sql");

  private NoHistory() {}

  public static BadInputException of(
      Connection c, String test, int threads, String metric, String where) {
    try {
      List<String> tests = strings(c, TESTS_SQL);
      if (!tests.contains(test)) {
        return new BadInputException(
            "unknown test '"
                + test
                + "' (tests with completed runs: "
                + String.join(", ", tests)
                + ")");
      }
      List<String> counts = new ArrayList<>();
      try (PreparedStatement st = c.prepareStatement(THREADS_SQL)) {
        st.setString(1, test);
        st.setString(2, metric);
        try (ResultSet rs = st.executeQuery()) {
          while (rs.next()) {
            counts.add(rs.getString(1));
          }
        }
      }
      return new BadInputException(
          "no completed runs of "
              + test
              + " at "
              + threads
              + " threads with metric "
              + metric
              + where
              + (counts.isEmpty()
                  ? " (that test has no metric " + metric + ")"
                  : " (thread counts with " + metric + ": " + String.join(", ", counts) + ")"));
    } catch (SQLException e) {
      throw new IllegalStateException("query failed: " + e.getMessage(), e);
    }
  }

  private static List<String> strings(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (PreparedStatement st = c.prepareStatement(sql);
        ResultSet rs = st.executeQuery()) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
