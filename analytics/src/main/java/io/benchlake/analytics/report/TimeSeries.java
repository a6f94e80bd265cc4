package io.benchlake.analytics.report;

import io.benchlake.analytics.AnalyticsSession;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-second series of one iteration (threads, iteration) for each dataset of a report: the
 * interval offsets and their throughput (TPS, or NOPM for TPROC-C).
 */
public record TimeSeries(int threads, int iteration, Map<String, List<double[]>> points) {

  public static TimeSeries load(
      AnalyticsSession session, ComparisonReport report, int threads, int iteration) {
    Map<String, List<double[]>> points = new LinkedHashMap<>();
    Connection c = session.connection();
    try (PreparedStatement st =
        c.prepareStatement(io.benchlake.analytics.QueryFiles.read("report_series.sql"))) {
      for (String dataset : report.datasets()) {
        String runId = report.runIds().get(dataset);
        List<double[]> series = new ArrayList<>();
        st.setString(1, runId);
        st.setInt(2, threads);
        st.setInt(3, iteration);
        try (ResultSet rs = st.executeQuery()) {
          while (rs.next()) {
            series.add(new double[] {rs.getDouble(1), rs.getDouble(2)});
          }
        }
        points.put(dataset, series);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("series query failed: " + e.getMessage(), e);
    }
    return new TimeSeries(threads, iteration, points);
  }
}
