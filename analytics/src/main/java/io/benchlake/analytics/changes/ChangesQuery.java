package io.benchlake.analytics.changes;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.CanonicalNames;
import io.benchlake.analytics.NoHistory;
import io.benchlake.analytics.QueryFiles;
import io.benchlake.home.BadInputException;
import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads a history from the views and finds its change points. */
public final class ChangesQuery {
  private ChangesQuery() {}

  /** One run of the history. */
  public record Run(
      String runId, String startedAt, String version, String dataset, double[] values) {}

  /**
   * The history and what the method (with the parameters it ran with) found in it. Otava's method
   * gives changes only, with their means and p-values and no other evidence.
   */
  public record Result(
      String test,
      int threads,
      String metric,
      String by,
      String host,
      List<Run> runs,
      Method method,
      String parameters,
      Detector.Result found) {
    public List<Detector.Change> changes() {
      return found.changes();
    }
  }

  /** How to look for changes: the method, its largest p-value and the smallest change. */
  public record Options(Method method, double alpha, double minChange) {}

  public static Result load(
      AnalyticsSession session,
      String typedTest,
      int threads,
      String metric,
      String by,
      Optional<String> host,
      Options options) {
    if (!by.equals("time") && !by.equals("release")) {
      throw new BadInputException("--by must be time or release, was '" + by + "'");
    }
    String test = CanonicalNames.test(session, typedTest);
    List<Run> runs = new ArrayList<>();
    List<String> hosts = new ArrayList<>();
    try (PreparedStatement st =
        session.connection().prepareStatement(QueryFiles.read("changes_series.sql"))) {
      st.setString(1, test);
      st.setInt(2, threads);
      st.setString(3, metric);
      st.setString(4, host.orElse(null));
      st.setString(5, host.orElse(null));
      for (int i = 6; i <= 8; i++) {
        st.setBoolean(i, by.equals("release"));
      }
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          Array a = rs.getArray(6);
          Object[] items = (Object[]) a.getArray();
          double[] values = new double[items.length];
          for (int i = 0; i < items.length; i++) {
            values[i] = ((Number) items[i]).doubleValue();
          }
          Timestamp started = rs.getTimestamp(2);
          runs.add(
              new Run(
                  rs.getString(1),
                  started == null ? "" : started.toInstant().toString(),
                  rs.getString(3),
                  rs.getString(4),
                  values));
          hosts.add(rs.getString(5));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("changes query failed: " + e.getMessage(), e);
    }
    if (runs.isEmpty()) {
      throw NoHistory.of(
          session.connection(), test, threads, metric, host.map(h -> " on host " + h).orElse(""));
    }
    if (host.isEmpty() && hosts.stream().distinct().count() > 1) {
      throw new BadInputException(
          "the runs come from several hosts "
              + hosts.stream().distinct().toList()
              + ": choose one with --host, so a change of machine is not taken for a regression");
    }
    List<double[]> points = runs.stream().map(Run::values).toList();
    Detector.Settings settings =
        Detector.Settings.DEFAULTS.withAlpha(options.alpha()).withMinChange(options.minChange());
    boolean otava = options.method() == Method.OTAVA;
    return new Result(
        test,
        threads,
        metric,
        by,
        host.orElse(hosts.get(0)),
        runs,
        options.method(),
        otava
            ? "max p-value "
                + options.alpha()
                + ", min segment 3 (Student's t-test over iterations)"
            : settings.toString(),
        otava ? otava(points, options.alpha()) : Detector.detect(points, settings));
  }

  /** Today's Otava-style changes in the shape of the default detector's result. */
  static Detector.Result otava(List<double[]> points, double alpha) {
    List<ChangePoints.Change> found = ChangePoints.detect(points, alpha, 3);
    List<Detector.Change> changes = new ArrayList<>();
    for (int k = 0; k < found.size(); k++) {
      ChangePoints.Change c = found.get(k);
      int from = k == 0 ? 0 : found.get(k - 1).index();
      int to = k == found.size() - 1 ? points.size() : found.get(k + 1).index();
      changes.add(
          new Detector.Change(
              c.index(),
              c.meanBefore(),
              c.meanAfter(),
              c.changePct(),
              Double.NaN,
              Double.NaN,
              Double.NaN,
              c.pValue(),
              from,
              to,
              Double.NaN));
    }
    return new Detector.Result(
        points.size(), Double.NaN, null, changes, List.of(), List.of(), null);
  }
}
