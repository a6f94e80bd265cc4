package io.benchlake.alerts;

import io.benchlake.schemas.Alert;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The alerts an alias superseded: an active alert whose series (its test, or the dataset standing
 * as its testbed) an alias merged into another gets a {@code superseded} event naming the series it
 * went into; the merged series' own evaluation raises what it shows.
 */
final class MergedSeries {
  static final String SQL = AlertEvaluation.sql("superseded_alerts.sql");

  private MergedSeries() {}

  static List<Alert> superseded(Connection c, AlertIdentity.Evaluation at) throws SQLException {
    List<Alert> events = new ArrayList<>();
    try (PreparedStatement st = c.prepareStatement(SQL);
        ResultSet rs = st.executeQuery()) {
      while (rs.next()) {
        String id = rs.getString(1);
        SeriesKey from =
            new SeriesKey(rs.getString(2), rs.getString(3), rs.getInt(4), rs.getString(5));
        SeriesKey into =
            new SeriesKey(rs.getString(11), from.metric(), from.threads(), rs.getString(12));
        events.add(
            new Alert(
                null,
                AlertIdentity.eventId(id, Alert.Change.superseded, at.commit()),
                id,
                at.now(),
                AlertEvaluation.micros(rs.getLong(9)),
                Alert.Change.superseded,
                Alert.Kind.valueOf(rs.getString(6)),
                rs.getString(7),
                from.test(),
                from.metric(),
                from.threads(),
                from.testbed(),
                null,
                rs.getString(8),
                AlertEvaluation.micros(rs.getLong(10)),
                null,
                null,
                at.commit(),
                "an alias merged its series " + from + " into " + into,
                new Alert.Provenance(
                    "alias", "", List.of(), List.of(), null, null, 0, null, null, null, null, null,
                    null, List.of())));
      }
    }
    return events;
  }
}
