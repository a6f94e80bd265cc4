package io.benchlake.alerts;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryResult;
import io.benchlake.home.BadInputException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What the alerts verbs read: the list, its summaries, one alert and its history, the stats. */
public final class AlertQueries {
  static final String LIST_SQL = AlertEvaluation.sql("list.sql");
  static final String SUMMARIES_SQL = AlertEvaluation.sql("summaries.sql");
  static final String SHOW_SQL = AlertEvaluation.sql("show.sql");
  static final String HISTORY_SQL = AlertEvaluation.sql("history.sql");
  static final String STATS_SQL = AlertEvaluation.sql("stats.sql");
  static final String IDS_SQL = AlertEvaluation.sql("ids.sql");
  static final String CHANGED_SQL = AlertEvaluation.sql("changed.sql");

  /** Every query of the verbs: what their session must have the views for. */
  public static final List<String> QUERIES =
      List.of(LIST_SQL, SUMMARIES_SQL, SHOW_SQL, HISTORY_SQL, STATS_SQL, IDS_SQL, CHANGED_SQL);

  private AlertQueries() {}

  public static QueryResult list(AnalyticsSession session, AlertFilter filter) {
    return query(session, LIST_SQL, filter);
  }

  /**
   * One row per summary: "12.3.1 vs 12.2.2: 7 regressions in 5 tests, 2 improvements", its states
   * and alerts.
   */
  public static QueryResult summaries(AnalyticsSession session, AlertFilter filter) {
    QueryResult r = query(session, SUMMARIES_SQL, filter);
    List<String> columns = List.of("summary_id", "summary", "states", "raised_at", "alerts");
    List<List<Object>> rows = new ArrayList<>();
    for (List<Object> row : r.rows()) {
      String text =
          summaryText(
              (String) row.get(1),
              ((Number) row.get(2)).longValue(),
              ((Number) row.get(3)).longValue(),
              ((Number) row.get(4)).longValue(),
              ((Number) row.get(5)).longValue());
      rows.add(java.util.Arrays.asList(row.get(0), text, row.get(6), row.get(7), row.get(8)));
    }
    return new QueryResult(columns, rows);
  }

  /** "12.3.1 vs 12.2.2: 7 regressions in 5 tests, 2 improvements". */
  static String summaryText(
      String label, long regressions, long regressedTests, long improvements, long other) {
    List<String> parts = new ArrayList<>();
    if (regressions > 0) {
      parts.add(plural(regressions, "regression") + " in " + plural(regressedTests, "test"));
    }
    if (improvements > 0) {
      parts.add(plural(improvements, "improvement"));
    }
    if (other > 0) {
      parts.add(plural(other, "other alert"));
    }
    return (label == null ? "(no label)" : label) + ": " + String.join(", ", parts);
  }

  private static String plural(long n, String noun) {
    return String.format(Locale.ROOT, "%d %s%s", n, noun, n == 1 ? "" : "s");
  }

  /** One alert's current row; a user mistake when no alert has the id. */
  public static QueryResult show(AnalyticsSession session, String alertId) {
    QueryResult r = AlertSql.byId(session, SHOW_SQL, alertId, "alert " + alertId);
    if (r.rows().isEmpty()) {
      throw new BadInputException(
          "no alert " + alertId + " (see benchlake alerts list --state all)");
    }
    return r;
  }

  public static QueryResult history(AnalyticsSession session, String alertId) {
    return AlertSql.byId(session, HISTORY_SQL, alertId, "alert " + alertId);
  }

  public static QueryResult stats(AnalyticsSession session) {
    try (PreparedStatement st = session.connection().prepareStatement(STATS_SQL);
        ResultSet rs = st.executeQuery()) {
      return QueryResult.of(rs);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the alert stats: " + e.getMessage(), e);
    }
  }

  /**
   * The alerts raised or changed after {@code since} (every alert when null), newest first, with a
   * {@code new} column (raised after it) and their provenance: what a scheduled alerts job reports.
   */
  public static QueryResult changedSince(AnalyticsSession session, java.time.Instant since) {
    // epoch microseconds, as changed.sql compares them (a bound timestamp text did not convert)
    java.time.Instant from = since == null ? java.time.Instant.EPOCH : since;
    long at =
        Math.addExact(Math.multiplyExact(from.getEpochSecond(), 1_000_000L), from.getNano() / 1000);
    try (PreparedStatement st = session.connection().prepareStatement(CHANGED_SQL)) {
      for (int i = 1; i <= 3; i++) {
        st.setLong(i, at);
      }
      try (ResultSet rs = st.executeQuery()) {
        return QueryResult.of(rs);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the changed alerts: " + e.getMessage(), e);
    }
  }

  private static QueryResult query(AnalyticsSession session, String sql, AlertFilter filter) {
    try (PreparedStatement st = session.connection().prepareStatement(sql)) {
      filter.bind(st);
      try (ResultSet rs = st.executeQuery()) {
        return QueryResult.of(rs);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot list the alerts: " + e.getMessage(), e);
    }
  }
}
