package io.benchlake.analytics;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The canonical name of a test or dataset the user typed: the runs are stored under their canonical
 * names (sql/00_aliases.sql), so every read verb's --test, --datasets, --baseline and --candidate
 * goes through here before it is compared with them; `--test oltp_read_write` then finds the
 * OLTP_RW runs and `--test TPROC-C` the TPROCC ones.
 */
public final class CanonicalNames {
  /** The lookup, for a session to create the views it reaches. */
  public static final String SQL = "SELECT canonical FROM canonical_of(?, ?)";

  private CanonicalNames() {}

  public static String test(AnalyticsSession session, String typed) {
    return resolve(session, "test", typed);
  }

  public static Optional<String> test(AnalyticsSession session, Optional<String> typed) {
    return typed.map(t -> test(session, t));
  }

  public static String dataset(AnalyticsSession session, String typed) {
    return resolve(session, "dataset", typed);
  }

  public static Optional<String> dataset(AnalyticsSession session, Optional<String> typed) {
    return typed.map(d -> dataset(session, d));
  }

  public static List<String> datasets(AnalyticsSession session, List<String> typed) {
    return typed.stream().map(d -> dataset(session, d)).toList();
  }

  private static String resolve(AnalyticsSession session, String kind, String typed) {
    try (PreparedStatement st = session.connection().prepareStatement(SQL)) {
      st.setString(1, kind);
      st.setString(2, typed);
      try (ResultSet rs = st.executeQuery()) {
        return rs.next() && rs.getString(1) != null ? rs.getString(1) : typed;
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot look up the canonical name of " + kind + " '" + typed + "': " + e.getMessage(),
          e);
    }
  }
}
