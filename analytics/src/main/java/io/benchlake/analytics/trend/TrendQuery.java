package io.benchlake.analytics.trend;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.CanonicalNames;
import io.benchlake.analytics.NoHistory;
import io.benchlake.analytics.QueryFiles;
import io.benchlake.home.BadInputException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Reads a trend from the series of sql/30_series.sql, month by month or release by release. */
public final class TrendQuery {
  private TrendQuery() {}

  /** How many completed runs there are at that point that a release trend cannot place. */
  private static long versionless(
      AnalyticsSession session, String test, int threads, String metric) {
    try (PreparedStatement st =
        session.connection().prepareStatement(QueryFiles.read("trend_versionless.sql"))) {
      st.setString(1, test);
      st.setInt(2, threads);
      st.setString(3, metric);
      try (ResultSet rs = st.executeQuery()) {
        return rs.next() ? rs.getLong(1) : 0;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("trend query failed: " + e.getMessage(), e);
    }
  }

  public static Trend load(
      AnalyticsSession session, String typedTest, int threads, String metric, String by) {
    String test = CanonicalNames.test(session, typedTest);
    String sql =
        switch (by.toLowerCase(Locale.ROOT)) {
          case "month" -> "trend_month.sql";
          case "release" -> "trend_release.sql";
          default -> throw new BadInputException("--by must be month or release, was '" + by + "'");
        };
    List<Trend.Point> points = new ArrayList<>();
    try (PreparedStatement st = session.connection().prepareStatement(QueryFiles.read(sql))) {
      st.setString(1, test);
      st.setInt(2, threads);
      st.setString(3, metric);
      try (ResultSet rs = st.executeQuery()) {
        String lastSeries = null;
        Double lastMean = null;
        TrendMarkers markers = new TrendMarkers();
        while (rs.next()) {
          String series = rs.getString(1);
          if (!series.equals(lastSeries)) {
            markers = new TrendMarkers();
            lastMean = null;
          }
          double mean = rs.getDouble(5);
          if (!Double.isFinite(mean)) {
            throw new BadInputException(
                test
                    + " threads "
                    + threads
                    + " "
                    + metric
                    + ", "
                    + rs.getString(2)
                    + " ("
                    + series
                    + "): the mean is not a finite number (values near a double's limit in the"
                    + " warehouse): exclude those runs with benchlake annotate, or re-import them");
          }
          Double change =
              lastMean != null && lastMean != 0 ? (mean - lastMean) / lastMean * 100 : null;
          points.add(
              new Trend.Point(
                  series,
                  rs.getString(2),
                  rs.getLong(3),
                  rs.getLong(4),
                  mean,
                  change,
                  markers.next(rs.getString(6), rs.getString(7))));
          lastSeries = series;
          lastMean = mean;
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("trend query failed: " + e.getMessage(), e);
    }
    if (points.isEmpty()) {
      long versionless =
          by.equalsIgnoreCase("release") ? versionless(session, test, threads, metric) : 0;
      if (versionless > 0) {
        throw new BadInputException(
            "no release to show: the "
                + versionless
                + " completed run(s) of "
                + test
                + " at "
                + threads
                + " threads with "
                + metric
                + " have no server version; use --by month");
      }
      throw NoHistory.of(session.connection(), test, threads, metric, "");
    }
    return new Trend(test, threads, metric, by.toLowerCase(Locale.ROOT), points);
  }
}
