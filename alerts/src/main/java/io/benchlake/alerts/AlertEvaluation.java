package io.benchlake.alerts;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.stability.IterationStability;
import io.benchlake.schemas.Alert;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The evaluation after an ingest: every series that iteration rows of the ingests after a commit
 * reached, read whole from the warehouse, its findings ({@link SeriesFindings}) matched against the
 * alerts it has ({@link AlertIdentity}) into the alert events to publish.
 */
public final class AlertEvaluation {
  static final String TOUCHED_SQL = sql("touched_series.sql");
  static final String KNOWN_SQL = sql("known_alerts.sql");
  static final String DIFFERENCES_SQL = sql("run_differences.sql");
  static final String STABILITY_SQL = sql("stability_intervals.sql");

  /** The queries an evaluation runs: what its session must have the views for. */
  public static final List<String> QUERIES =
      List.of(TOUCHED_SQL, KNOWN_SQL, DIFFERENCES_SQL, STABILITY_SQL, MergedSeries.SQL);

  /** At most this many config differences are named in one alert's provenance. */
  private static final int MAX_DIFFERENCES = 12;

  private AlertEvaluation() {}

  /** What one evaluation did: the series evaluated and the events it made. */
  public record Outcome(int series, List<Alert> events) {
    public long count(Alert.Change change) {
      return events.stream().filter(e -> e.change() == change).count();
    }

    public long untriaged() {
      return events.stream().filter(e -> "untriaged".equals(e.initialState())).count();
    }
  }

  /**
   * Evaluates the series reached by ingests after {@code since} (0: the whole history) at the
   * session's commit {@code commit}.
   */
  public static Outcome evaluate(
      AnalyticsSession session, long since, long commit, Instant now, AlertSettings settings) {
    Connection c = session.connection();
    try {
      long t = System.nanoTime();
      Map<SeriesKey, List<SeriesPoint>> series = touched(c, since, settings);
      t = lap("series read (" + series.size() + ")", t);
      Map<SeriesKey, List<KnownAlert>> known = known(c);
      t = lap("known alerts read", t);
      Map<SeriesKey, List<StabilityFindings.IterationIntervals>> intervals = intervals(c, since);
      t = lap("report intervals read", t);
      AlertIdentity.Evaluation at = new AlertIdentity.Evaluation(commit, now, settings);
      Map<String, String> datasetOf = new HashMap<>();
      List<Alert> events = new ArrayList<>();
      for (Map.Entry<SeriesKey, List<SeriesPoint>> s : series.entrySet()) {
        s.getValue().forEach(p -> datasetOf.put(p.runId(), p.dataset()));
        List<Finding> findings =
            new ArrayList<>(SeriesFindings.of(s.getKey(), s.getValue(), settings));
        findings.addAll(
            StabilityFindings.of(
                s.getValue(), intervals.getOrDefault(s.getKey(), List.of()), settings));
        events.addAll(
            AlertIdentity.reconcile(
                s.getKey(), s.getValue(), findings, known.getOrDefault(s.getKey(), List.of()), at));
      }
      t = lap("findings", t);
      List<Alert> explained = new ArrayList<>(events.size());
      for (Alert e : events) {
        explained.add(withConfigDifferences(c, e, datasetOf));
      }
      t = lap("config differences", t);
      explained.addAll(MergedSeries.superseded(c, at));
      lap("superseded", t);
      return new Outcome(series.size(), explained);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the series to evaluate: " + e.getMessage(), e);
    }
  }

  private static Map<SeriesKey, List<SeriesPoint>> touched(
      Connection c, long since, AlertSettings settings) throws SQLException {
    Map<SeriesKey, List<SeriesPoint>> series = new LinkedHashMap<>();
    try (PreparedStatement st = c.prepareStatement(TOUCHED_SQL)) {
      st.setLong(1, since);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          String metric = rs.getString(2);
          if (!settings.metrics().contains(metric)) {
            continue;
          }
          SeriesKey key = new SeriesKey(rs.getString(1), metric, rs.getInt(3), rs.getString(4));
          series
              .computeIfAbsent(key, k -> new ArrayList<>())
              .add(
                  new SeriesPoint(
                      rs.getString(5),
                      micros(rs.getLong(6)),
                      rs.getString(7),
                      rs.getString(8),
                      values(rs.getArray(9)),
                      rs.getBoolean(10)));
        }
      }
    }
    return series;
  }

  /** The measured intervals of the fresh runs' iterations, per series of their primary metric. */
  private static Map<SeriesKey, List<StabilityFindings.IterationIntervals>> intervals(
      Connection c, long since) throws SQLException {
    Map<SeriesKey, List<StabilityFindings.IterationIntervals>> out = new HashMap<>();
    try (PreparedStatement st = c.prepareStatement(STABILITY_SQL)) {
      st.setLong(1, since);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          SeriesKey key =
              new SeriesKey(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getString(4));
          double[] offsets = values(rs.getArray(7));
          double[] lengths = values(rs.getArray(8));
          double[] throughputs = values(rs.getArray(9));
          List<IterationStability.Interval> in = new ArrayList<>(offsets.length);
          for (int i = 0; i < offsets.length; i++) {
            in.add(new IterationStability.Interval(offsets[i], lengths[i], throughputs[i]));
          }
          out.computeIfAbsent(key, k -> new ArrayList<>())
              .add(
                  new StabilityFindings.IterationIntervals(key, rs.getString(5), rs.getInt(6), in));
        }
      }
    }
    return out;
  }

  private static Map<SeriesKey, List<KnownAlert>> known(Connection c) throws SQLException {
    Map<SeriesKey, List<KnownAlert>> known = new HashMap<>();
    try (PreparedStatement st = c.prepareStatement(KNOWN_SQL);
        ResultSet rs = st.executeQuery()) {
      while (rs.next()) {
        SeriesKey key =
            new SeriesKey(rs.getString(2), rs.getString(3), rs.getInt(4), rs.getString(5));
        known
            .computeIfAbsent(key, k -> new ArrayList<>())
            .add(
                new KnownAlert(
                    rs.getString(1),
                    key,
                    Alert.Kind.valueOf(rs.getString(6)),
                    rs.getString(7),
                    rs.getString(8),
                    Alert.Change.valueOf(rs.getString(9)),
                    micros(rs.getLong(10))));
      }
    }
    return known;
  }

  /** The alert with the settings that differ between the datasets of its runs before and after. */
  private static Alert withConfigDifferences(Connection c, Alert e, Map<String, String> datasetOf)
      throws SQLException {
    Alert.Provenance p = e.provenance();
    if (p.runsBefore().isEmpty() || p.runsAfter().isEmpty()) {
      return e;
    }
    String before = datasetOf.get(p.runsBefore().get(p.runsBefore().size() - 1));
    String after = datasetOf.get(p.runsAfter().get(0));
    if (before == null || after == null || before.equals(after)) {
      return e;
    }
    List<String> differences = new ArrayList<>(p.differences());
    try (PreparedStatement st = c.prepareStatement(DIFFERENCES_SQL)) {
      st.setString(1, before);
      st.setString(2, after);
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
            differences));
  }

  /**
   * With {@code -Dbenchlake.timing=true} (as the commands' own steps), the time a step of the
   * evaluation took, on stderr; the time it ended.
   */
  private static long lap(String step, long since) {
    long now = System.nanoTime();
    if (Boolean.getBoolean("benchlake.timing")) {
      System.err.printf(Locale.ROOT, "timing: alerts: %s %.1f ms%n", step, (now - since) / 1e6);
    }
    return now;
  }

  private static double[] values(Array a) throws SQLException {
    Object[] items = (Object[]) a.getArray();
    double[] v = new double[items.length];
    for (int i = 0; i < items.length; i++) {
      v[i] = ((Number) items[i]).doubleValue();
    }
    return v;
  }

  static Instant micros(long us) {
    return Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000), Math.floorMod(us, 1_000_000) * 1000);
  }

  static String sql(String name) {
    try (InputStream in = AlertEvaluation.class.getResourceAsStream("/alerts/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing /alerts/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
