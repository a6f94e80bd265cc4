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

/** Reads a trend from the monthly or releases view. */
public final class TrendQuery {
  private TrendQuery() {}

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
        while (rs.next()) {
          String host = rs.getString(1);
          String fingerprint = rs.getString(2);
          String series =
              host == null && fingerprint == null
                  ? "all"
                  : (host == null ? "?" : host)
                      + " cnf "
                      + (fingerprint == null ? "?" : fingerprint.substring(0, 8));
          double mean = rs.getDouble(6);
          if (!Double.isFinite(mean)) {
            throw new BadInputException(
                test
                    + " threads "
                    + threads
                    + " "
                    + metric
                    + ", "
                    + rs.getString(3)
                    + " ("
                    + series
                    + "): the mean is not a finite number (values near a double's limit in the"
                    + " warehouse): exclude those runs with benchlake annotate, or re-import them");
          }
          Double change =
              series.equals(lastSeries) && lastMean != null && lastMean != 0
                  ? (mean - lastMean) / lastMean * 100
                  : null;
          points.add(
              new Trend.Point(series, rs.getString(3), rs.getLong(4), rs.getLong(5), mean, change));
          lastSeries = series;
          lastMean = mean;
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("trend query failed: " + e.getMessage(), e);
    }
    if (points.isEmpty()) {
      throw NoHistory.of(session.connection(), test, threads, metric, "");
    }
    return new Trend(test, threads, metric, by.toLowerCase(Locale.ROOT), points);
  }
}
