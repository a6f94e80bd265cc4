package io.benchlake.alerts;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryResult;
import io.benchlake.core.ClassPathText;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The alerts' SQL files ({@code /alerts/NAME} on the class path), read by a class with no other
 * static state, so that a query's constant may be read first by any class of the module; and the
 * rows of one asked for by an id.
 */
public final class AlertSql {
  private AlertSql() {}

  public static String of(String name) {
    return ClassPathText.read(AlertSql.class, "/alerts/" + name);
  }

  /**
   * The rows {@code sql} answers with {@code id} bound to its one parameter; a failure is a bug,
   * named by {@code what} (an alert's or a run's id).
   */
  public static QueryResult byId(AnalyticsSession session, String sql, String id, String what) {
    try (PreparedStatement st = session.connection().prepareStatement(sql)) {
      st.setString(1, id);
      try (ResultSet rs = st.executeQuery()) {
        return QueryResult.of(rs);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read " + what + ": " + e.getMessage(), e);
    }
  }
}
