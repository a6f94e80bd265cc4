package io.benchlake.alerts;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryResult;
import io.benchlake.home.BadInputException;
import io.benchlake.schemas.AlertState;
import io.benchlake.schemas.EventIds;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A triage as events: the alerts named (alert ids, summary ids, or every alert the list filters
 * match) each get an {@code alert_state} event keyed by its id.
 */
public final class AlertTriage {
  private AlertTriage() {}

  /** What a person decided, with an optional link (URL or ticket) and note. */
  public record Decision(AlertState.State state, String link, String note, String author) {}

  /** The alerts (id to raise time) that {@code ids} name: an alert's id or a summary's. */
  public static Map<String, Instant> named(AnalyticsSession session, List<String> ids) {
    Map<String, Instant> alerts = new LinkedHashMap<>();
    try (PreparedStatement st = session.connection().prepareStatement(AlertQueries.IDS_SQL)) {
      for (String id : ids) {
        st.setString(1, id);
        st.setString(2, id);
        int found = 0;
        try (ResultSet rs = st.executeQuery()) {
          while (rs.next()) {
            alerts.put(rs.getString(1), AlertEvaluation.micros(rs.getLong(2)));
            found++;
          }
        }
        if (found == 0) {
          throw new BadInputException(
              "no alert or summary " + id + " (see benchlake alerts list --state all)");
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the alerts: " + e.getMessage(), e);
    }
    return alerts;
  }

  /** Every alert the list filters match (id to raise time). */
  public static Map<String, Instant> matching(AnalyticsSession session, AlertFilter filter) {
    QueryResult r = AlertQueries.list(session, filter);
    int id = r.columns().indexOf("alert_id");
    List<String> ids = new ArrayList<>();
    r.rows().forEach(row -> ids.add((String) row.get(id)));
    return ids.isEmpty() ? Map.of() : named(session, ids);
  }

  /** One event per alert. */
  public static List<AlertState> events(Map<String, Instant> alerts, Decision d, Instant now) {
    List<AlertState> events = new ArrayList<>();
    alerts.forEach(
        (id, raisedAt) ->
            events.add(
                new AlertState(
                    null,
                    id + "/" + d.state() + "/" + EventIds.random(),
                    id,
                    now,
                    raisedAt,
                    d.state(),
                    blankToNull(d.link()),
                    blankToNull(d.note()),
                    d.author())));
    return events;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
