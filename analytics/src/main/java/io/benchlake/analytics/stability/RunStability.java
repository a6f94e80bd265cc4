package io.benchlake.analytics.stability;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryFiles;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The stability verdicts of runs: each completed iteration (not left out) checked on its measured
 * report intervals by {@link IterationStability}, per run and thread count, in iteration order.
 */
public final class RunStability {
  private static final String SQL = QueryFiles.read("stability_intervals.sql");

  private RunStability() {}

  /** run id → thread count → the verdict of each iteration, for the given runs. */
  public static Map<String, Map<Integer, List<IterationStability.Verdict>>> of(
      AnalyticsSession session, Collection<String> runIds, StabilityThresholds thresholds) {
    Map<String, Map<Integer, List<IterationStability.Verdict>>> out = new LinkedHashMap<>();
    Connection c = session.connection();
    try (PreparedStatement st = c.prepareStatement(SQL)) {
      Array ids = c.createArrayOf("VARCHAR", runIds.toArray());
      st.setArray(1, ids);
      st.setArray(2, ids);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          out.computeIfAbsent(rs.getString(1), r -> new LinkedHashMap<>())
              .computeIfAbsent(rs.getInt(2), t -> new ArrayList<>())
              .add(IterationStability.check(rs.getInt(3), intervals(rs, 4), thresholds));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("stability query failed: " + e.getMessage(), e);
    }
    return out;
  }

  /**
   * An iteration's measured intervals from a row of {@code stability_intervals.sql}'s shape: its
   * offsets, lengths and throughputs in three list columns from {@code offsetsColumn} on.
   */
  public static List<IterationStability.Interval> intervals(ResultSet rs, int offsetsColumn)
      throws SQLException {
    double[] offsets = doubles(rs.getArray(offsetsColumn));
    double[] lengths = doubles(rs.getArray(offsetsColumn + 1));
    double[] throughputs = doubles(rs.getArray(offsetsColumn + 2));
    List<IterationStability.Interval> in = new ArrayList<>(offsets.length);
    for (int i = 0; i < offsets.length; i++) {
      in.add(new IterationStability.Interval(offsets[i], lengths[i], throughputs[i]));
    }
    return in;
  }

  /** A DuckDB list of numbers as doubles. */
  public static double[] doubles(Array a) throws SQLException {
    Object[] items = (Object[]) a.getArray();
    double[] v = new double[items.length];
    for (int i = 0; i < items.length; i++) {
      v[i] = ((Number) items[i]).doubleValue();
    }
    return v;
  }
}
