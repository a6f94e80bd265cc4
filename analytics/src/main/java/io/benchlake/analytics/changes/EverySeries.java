package io.benchlake.analytics.changes;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryFiles;
import io.benchlake.analytics.report.LeftOut;
import io.benchlake.warehouse.Warehouse;
import java.io.IOException;
import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Every series' history at a session's commit, read in one pass: three queries over the views of
 * sql/35_histories.sql for all tests, thread counts, metrics and hosts (not three per series), the
 * same rows changes_series.sql gives each series, grouped and handed to a {@link
 * CommitHistories.Writer} a test at a time.
 */
final class EverySeries {
  private static final String NAMES_SQL = QueryFiles.read("changes_every_name.sql");
  private static final String RUNS_SQL = QueryFiles.read("changes_every_run.sql");
  private static final String VALUES_SQL = QueryFiles.read("changes_every_value.sql");
  private static final String LEFT_OUT_SQL = QueryFiles.read("left_out_every_test.sql");
  // the Parquet footers' row counts: no file is read for it
  private static final String ROWS_SQL = "SELECT count(*) FROM raw_iterations";

  /**
   * Made tables once per session: the runs are read by two of the queries, and the names by them
   * and every lookup of a typed name.
   */
  private static final Set<String> AS_TABLES = Set.of("canonical_names", "history_runs");

  private EverySeries() {}

  /** A session over the warehouse's current commit with the views the queries reach. */
  static AnalyticsSession openSession(Warehouse warehouse) {
    return AnalyticsSession.openFor(
        warehouse,
        List.of(NAMES_SQL, RUNS_SQL, VALUES_SQL, ChangesQuery.ANNOTATED_SQL, ROWS_SQL),
        List.of(LEFT_OUT_SQL),
        AS_TABLES);
  }

  /** How many iteration rows the warehouse holds, a bound on what {@link #write} reads. */
  static long iterationRows(AnalyticsSession session) {
    try (PreparedStatement st = session.connection().prepareStatement(ROWS_SQL);
        ResultSet rs = st.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot count the iterations: " + e.getMessage(), e);
    }
  }

  /** Writes every test's histories through {@code out}, then the names that may be typed. */
  static void write(AnalyticsSession session, CommitHistories.Writer out) throws IOException {
    try {
      Map<String, List<TestHistories.KeptRun>> runs = runs(session);
      Map<String, List<LeftOut>> leftOut = leftOut(session);
      try (PreparedStatement st = session.connection().prepareStatement(VALUES_SQL);
          ResultSet rs = st.executeQuery()) {
        Grouping g = new Grouping(runs, leftOut, out);
        while (rs.next()) {
          g.row(rs.getString(1), rs.getInt(2), rs.getString(3), rs.getString(4), values(rs));
        }
        g.finish();
      }
      out.finish(names(session));
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read every history: " + e.getMessage(), e);
    }
  }

  /** The values query's rows (by test, thread count and metric) made into one test at a time. */
  private static final class Grouping {
    private final Map<String, List<TestHistories.KeptRun>> runs;
    private final Map<String, List<LeftOut>> leftOut;
    private final CommitHistories.Writer out;
    private String test;
    private Map<String, Integer> indexOfRun = Map.of();
    private final List<TestHistories.Values> series = new ArrayList<>();
    private Integer threads;
    private String metric;
    private final List<Integer> rowRuns = new ArrayList<>();
    private final List<double[]> rowValues = new ArrayList<>();

    Grouping(
        Map<String, List<TestHistories.KeptRun>> runs,
        Map<String, List<LeftOut>> leftOut,
        CommitHistories.Writer out) {
      this.runs = runs;
      this.leftOut = leftOut;
      this.out = out;
    }

    void row(String rowTest, int rowThreads, String rowMetric, String runId, double[] values)
        throws IOException {
      if (!rowTest.equals(test)) {
        finish();
        test = rowTest;
        indexOfRun = new HashMap<>();
        List<TestHistories.KeptRun> kept = runs.getOrDefault(test, List.of());
        for (int i = 0; i < kept.size(); i++) {
          indexOfRun.put(kept.get(i).head().runId(), i);
        }
      } else if (rowThreads != threads || !rowMetric.equals(metric)) {
        endSeries();
      }
      threads = rowThreads;
      metric = rowMetric;
      Integer index = indexOfRun.get(runId);
      if (index == null) {
        throw new IllegalStateException("run " + runId + " has values but is not a run of " + test);
      }
      rowRuns.add(index);
      rowValues.add(values);
    }

    private void endSeries() {
      if (rowRuns.isEmpty()) {
        return;
      }
      // in time order (the runs' order), as the series' runs are listed when read
      Integer[] order = new Integer[rowRuns.size()];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      Arrays.sort(order, Comparator.comparing(rowRuns::get));
      int[] indexes = new int[order.length];
      double[][] values = new double[order.length][];
      for (int i = 0; i < order.length; i++) {
        indexes[i] = rowRuns.get(order[i]);
        values[i] = rowValues.get(order[i]);
      }
      series.add(new TestHistories.Values(threads, metric, indexes, values));
      rowRuns.clear();
      rowValues.clear();
    }

    void finish() throws IOException {
      endSeries();
      if (test != null) {
        out.add(
            new TestHistories(
                test,
                runs.getOrDefault(test, List.of()),
                leftOut.getOrDefault(test, List.of()),
                List.copyOf(series)));
      }
      series.clear();
      test = null;
    }
  }

  private static double[] values(ResultSet rs) throws SQLException {
    Array a = rs.getArray(5);
    Object[] items = (Object[]) a.getArray();
    double[] values = new double[items.length];
    for (int i = 0; i < items.length; i++) {
      values[i] = ((Number) items[i]).doubleValue();
    }
    return values;
  }

  /** Every test's completed runs in time order, with host and rank by release. */
  private static Map<String, List<TestHistories.KeptRun>> runs(AnalyticsSession session)
      throws SQLException {
    Map<String, List<TestHistories.KeptRun>> runs = new HashMap<>();
    try (PreparedStatement st = session.connection().prepareStatement(RUNS_SQL);
        ResultSet rs = st.executeQuery()) {
      while (rs.next()) {
        ChangesQuery.Run head =
            new ChangesQuery.Run(
                rs.getString(2),
                ChangesQuery.startedAt(rs, 3),
                rs.getString(4),
                rs.getString(5),
                rs.getString(8),
                rs.getString(9),
                new double[0]);
        runs.computeIfAbsent(rs.getString(1), t -> new ArrayList<>())
            .add(new TestHistories.KeptRun(head, rs.getString(6), rs.getInt(7)));
      }
    }
    return runs;
  }

  /** The left-out iterations of every test, when an annotation was ever written. */
  private static Map<String, List<LeftOut>> leftOut(AnalyticsSession session) throws SQLException {
    Map<String, List<LeftOut>> byTest = new HashMap<>();
    if (!ChangesQuery.annotated(session)) {
      return byTest;
    }
    session.prepareFor(List.of(LEFT_OUT_SQL));
    try (PreparedStatement st = session.connection().prepareStatement(LEFT_OUT_SQL);
        ResultSet rs = st.executeQuery()) {
      while (rs.next()) {
        String test = rs.getString(1);
        if (test != null) {
          byTest
              .computeIfAbsent(test, t -> new ArrayList<>())
              .add(
                  new LeftOut(
                      rs.getString(2),
                      rs.getString(3),
                      rs.getInt(4),
                      rs.getInt(5),
                      rs.getString(6)));
        }
      }
    }
    return byTest;
  }

  /** The test names that may be typed, with the canonical name each leads to. */
  private static Map<String, String> names(AnalyticsSession session) throws SQLException {
    Map<String, String> names = new LinkedHashMap<>();
    try (PreparedStatement st = session.connection().prepareStatement(NAMES_SQL);
        ResultSet rs = st.executeQuery()) {
      while (rs.next()) {
        names.put(rs.getString(1), Objects.requireNonNullElse(rs.getString(2), rs.getString(1)));
      }
    }
    return names;
  }
}
