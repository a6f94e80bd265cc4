package io.benchlake.analytics.report;

import io.benchlake.analytics.QueryFiles;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What source reports printed for a report's runs (the source_statistics view): each statistic at
 * the decimals it was printed with, and the reports' title lines.
 */
final class SourcePrintings {
  private SourcePrintings() {}

  /** A run at a thread count, whose statistics a source report printed. */
  record Cell(String runId, int threads) {}

  /**
   * The statistics printed for each run of {@code test} at each thread count, as {@link
   * ThreadStatistics} keeps them: statistic → decimals → value.
   */
  static Map<Cell, Map<String, Map<Integer, Double>>> of(Connection c, String metric, String test)
      throws SQLException {
    Map<Cell, Map<String, Map<Integer, Double>>> out = new HashMap<>();
    try (PreparedStatement st = c.prepareStatement(QueryFiles.read("report_printed.sql"))) {
      st.setString(1, metric);
      st.setString(2, test);
      st.setString(3, metric);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          out.computeIfAbsent(
                  new Cell(rs.getString("run_id"), rs.getInt("threads")), k -> new HashMap<>())
              .computeIfAbsent(rs.getString("statistic"), s -> new HashMap<>())
              .put(rs.getInt("decimals"), rs.getDouble("value"));
        }
      }
    }
    return out;
  }

  /** The title lines the source reports of these runs share, if they printed one. */
  static Optional<List<String>> title(Connection c, String metric, List<String> runIds)
      throws SQLException {
    List<String> titles = new ArrayList<>();
    try (PreparedStatement st = c.prepareStatement(QueryFiles.read("report_source_title.sql"))) {
      st.setString(1, metric);
      st.setArray(2, c.createArrayOf("VARCHAR", runIds.toArray()));
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          titles.add(rs.getString(1));
        }
      }
    }
    return titles.size() == 1 ? Optional.of(titles.get(0).lines().toList()) : Optional.empty();
  }
}
