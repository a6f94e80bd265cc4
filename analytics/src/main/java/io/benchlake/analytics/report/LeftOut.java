package io.benchlake.analytics.report;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryFiles;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * An iteration that statistics left out because an annotation excluded it ({@code benchlake
 * annotate}), so that a report can say what it did not count and why.
 */
public record LeftOut(String dataset, String runId, int threads, int iteration, String reason) {
  /** The query of {@link #ofTest}, for a session to create the views it reaches. */
  public static final String OF_TEST_SQL = QueryFiles.read("left_out_of_test.sql");

  /** What was left out of the given runs, by dataset, thread count and iteration. */
  public static List<LeftOut> ofRuns(Connection c, Collection<String> runIds) {
    if (runIds.isEmpty()) {
      return List.of();
    }
    try (PreparedStatement st = c.prepareStatement(QueryFiles.read("left_out.sql"))) {
      st.setArray(1, c.createArrayOf("VARCHAR", runIds.toArray()));
      return read(st);
    } catch (SQLException e) {
      throw new IllegalStateException("query failed: " + e.getMessage(), e);
    }
  }

  /**
   * What was left out of a test's runs: of one thread count (null: all) and of some datasets (null:
   * all), for regressions, trends and change points to say so.
   */
  public static List<LeftOut> ofTest(
      AnalyticsSession session, String test, Integer threads, Collection<String> datasets) {
    return ofTest(session.connection(), test, threads, datasets);
  }

  /** As {@link #ofTest(AnalyticsSession, String, Integer, Collection)}, on a connection. */
  public static List<LeftOut> ofTest(
      Connection c, String test, Integer threads, Collection<String> datasets) {
    try (PreparedStatement st = c.prepareStatement(OF_TEST_SQL)) {
      st.setString(1, test);
      st.setObject(2, threads);
      st.setObject(3, threads);
      java.sql.Array list =
          datasets == null ? null : c.createArrayOf("VARCHAR", datasets.toArray());
      st.setArray(4, list);
      st.setArray(5, list);
      return read(st);
    } catch (SQLException e) {
      throw new IllegalStateException("query failed: " + e.getMessage(), e);
    }
  }

  /** One line per left-out iteration, for a note under a result. */
  public String describe() {
    return dataset
        + " (run "
        + runId
        + ") threads "
        + threads
        + " iteration "
        + iteration
        + ": "
        + reason;
  }

  private static List<LeftOut> read(PreparedStatement st) throws SQLException {
    List<LeftOut> out = new ArrayList<>();
    try (ResultSet rs = st.executeQuery()) {
      while (rs.next()) {
        out.add(
            new LeftOut(
                rs.getString("dataset"),
                rs.getString("run_id"),
                rs.getInt("threads"),
                rs.getInt("iteration"),
                rs.getString("reason")));
      }
    }
    return out;
  }
}
