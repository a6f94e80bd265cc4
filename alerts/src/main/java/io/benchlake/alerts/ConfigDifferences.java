package io.benchlake.alerts;

import io.benchlake.schemas.Alert;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The config and variable settings that differ between the datasets of an alert's runs before and
 * after (as config_diff has them, read from those two datasets' latest runs alone), named in its
 * provenance; read once per pair of datasets, not once per alert: the alerts of a new release share
 * theirs.
 */
final class ConfigDifferences {
  static final String SQL = AlertSql.of("run_differences.sql");

  /** At most this many config differences are named in one alert's provenance. */
  private static final int MAX_DIFFERENCES = 12;

  private final Connection connection;
  private final Map<String, String> datasetOf;
  private final Map<List<String>, List<String>> read = new HashMap<>();

  /** Differences read through {@code connection}, the runs' datasets in {@code datasetOf}. */
  ConfigDifferences(Connection connection, Map<String, String> datasetOf) {
    this.connection = connection;
    this.datasetOf = datasetOf;
  }

  /** How many pairs of datasets were read. */
  int pairsRead() {
    return read.size();
  }

  /** The alert with the settings that differ between its last run before and first after. */
  Alert explain(Alert e) throws SQLException {
    Alert.Provenance p = e.provenance();
    if (p.runsBefore().isEmpty() || p.runsAfter().isEmpty()) {
      return e;
    }
    String before = datasetOf.get(p.runsBefore().get(p.runsBefore().size() - 1));
    String after = datasetOf.get(p.runsAfter().get(0));
    if (before == null || after == null || before.equals(after)) {
      return e;
    }
    List<String> pair = List.of(before, after);
    List<String> found = read.get(pair);
    if (found == null) {
      found = between(before, after);
      read.put(pair, found);
    }
    List<String> all = new ArrayList<>(p.differences());
    all.addAll(found);
    return e.withProvenance(
        new Alert.Provenance(
            p.detector(),
            p.parameters(),
            p.runsBefore(),
            p.runsAfter(),
            p.windowFrom(),
            p.windowTo(),
            p.magnitudePct(),
            p.ciLowPct(),
            p.ciHighPct(),
            p.pValue(),
            p.noise(),
            p.levelBefore(),
            p.levelAfter(),
            all));
  }

  /**
   * The differences between the latest completed runs of datasets {@code before} and {@code after}.
   */
  List<String> between(String before, String after) throws SQLException {
    List<String> differences = new ArrayList<>();
    try (PreparedStatement st = connection.prepareStatement(SQL)) {
      st.setString(1, before);
      st.setString(2, after);
      st.setString(3, before);
      st.setString(4, after);
      try (ResultSet rs = st.executeQuery()) {
        int n = 0;
        while (rs.next() && n++ < MAX_DIFFERENCES) {
          differences.add(
              rs.getString(1)
                  + " "
                  + rs.getString(2)
                  + " "
                  + rs.getString(3)
                  + " -> "
                  + rs.getString(4));
        }
      }
    }
    return differences;
  }
}
