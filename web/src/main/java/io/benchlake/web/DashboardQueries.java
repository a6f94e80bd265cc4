package io.benchlake.web;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryResult;
import io.benchlake.core.ClassPathText;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The dashboard's own queries over the views ({@code sql/*.sql} beside this class), bound. */
final class DashboardQueries {
  /** The orders the runs page offers: a column's name and the SQL it sorts by. */
  static final Map<String, String> RUN_ORDER =
      Map.of(
          "started", "r.started_at",
          "dataset", "r.dataset",
          "test", "r.test_name",
          "version", "e.db_version",
          "host", "e.host_name",
          "status", "r.status");

  private DashboardQueries() {}

  static String sql(String name) {
    return ClassPathText.read(DashboardQueries.class, "sql/" + name);
  }

  /** The rows of query file {@code name} with {@code values} bound in order. */
  static QueryResult run(AnalyticsSession session, String name, Object... values) {
    return runText(session, sql(name), name, values);
  }

  static QueryResult runText(AnalyticsSession session, String text, String name, Object... values) {
    try (PreparedStatement st = session.connection().prepareStatement(text)) {
      for (int i = 0; i < values.length; i++) {
        st.setObject(i + 1, values[i]);
      }
      try (ResultSet rs = st.executeQuery()) {
        return QueryResult.of(rs);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "query " + name + " failed with " + Arrays.toString(values) + ": " + e.getMessage(), e);
    }
  }

  /** The runs page's query: filters (null: any), order, page of {@code size} rows. */
  static QueryResult runs(AnalyticsSession session, RunFilter f) {
    String order = RUN_ORDER.get(f.sort()) + (f.descending() ? " DESC" : " ASC");
    String text = sql("runs_page.sql").replace("/*ORDER*/", order);
    return runText(
        session,
        text,
        "runs_page.sql",
        f.test(),
        f.test(),
        f.version(),
        f.version(),
        f.host(),
        f.host(),
        f.month(),
        f.month(),
        f.status(),
        f.status(),
        f.size(),
        (long) (f.page() - 1) * f.size());
  }

  /** The runs page's state: its filters, order and page; every field is in the page's URL. */
  record RunFilter(
      String test,
      String version,
      String host,
      String month,
      String status,
      String sort,
      boolean descending,
      int page,
      int size) {
    static final List<String> FILTERS = List.of("test", "version", "host", "month", "status");
  }
}
