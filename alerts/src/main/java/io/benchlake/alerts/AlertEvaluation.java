package io.benchlake.alerts;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.stability.IterationStability;
import io.benchlake.analytics.stability.RunStability;
import io.benchlake.schemas.Alert;
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
import java.util.Optional;
import java.util.Set;
import java.util.function.LongFunction;
import java.util.stream.Stream;

/**
 * The evaluation after an ingest: every series that iteration rows of the ingests after a commit
 * reached, read whole from the warehouse, its findings ({@link SeriesFindings}) matched against the
 * alerts it has ({@link AlertIdentity}) into the alert events to publish.
 */
public final class AlertEvaluation {
  static final String FRESH_SQL = sql("fresh_runs.sql");
  static final String TOUCHED_SQL = sql("touched_series.sql");
  static final String KNOWN_SQL = sql("known_alerts.sql");
  static final String STABILITY_SQL = sql("stability_intervals.sql");

  /**
   * The query an evaluation runs first, over the raw iterations alone: what its session must have
   * the views for when it opens.
   */
  public static final List<String> QUERIES = List.of(FRESH_SQL);

  /**
   * The queries an evaluation runs once it knows runs came ({@link AnalyticsSession#prepareFor}):
   * their raw views are made when the session opens, their views only then.
   */
  public static final List<String> LATER =
      Stream.concat(
              KeptHistories.QUERIES.stream(),
              Stream.of(
                  TOUCHED_SQL, KNOWN_SQL, ConfigDifferences.SQL, STABILITY_SQL, MergedSeries.SQL))
          .toList();

  /**
   * The views an evaluation's session makes tables of their rows: the tests' and datasets'
   * canonical names, which the kept histories' queries and the superseded alerts' reach (not the
   * testbeds': 0.2 s over 33,334 runs). The runs' views are read for the runs that changed alone
   * ({@link KeptHistories}), where a table of every run would cost more than it saves.
   */
  public static final Set<String> AS_TABLES = Set.of("canonical_run_names");

  /**
   * The database an evaluation's session is opened with (see {@link AnalyticsSession#openFor}): the
   * histories kept between evaluations, under {@code home}.
   */
  public static AnalyticsSession.Attached kept(java.nio.file.Path home) {
    return KeptHistories.attachment(home);
  }

  /**
   * At most this many fresh runs' samples are read by their ids: each sample of the warehouse is
   * looked up in the list, which beyond a few dozen ids costs more than the join it saves.
   */
  static final int RUNS_LISTED = 64;

  private AlertEvaluation() {}

  /**
   * What one evaluation did: the series evaluated, the events it made, and how long each of its
   * steps took.
   */
  public record Outcome(int series, List<Alert> events, List<Step> steps) {
    public Outcome(int series, List<Alert> events) {
      this(series, events, List.of());
    }

    public long count(Alert.Change change) {
      return events.stream().filter(e -> e.change() == change).count();
    }

    public long untriaged() {
      return events.stream().filter(e -> "untriaged".equals(e.initialState())).count();
    }
  }

  /** One step of an evaluation and its time in milliseconds. */
  public record Step(String name, double millis) {
    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%s %.1f ms", name, millis);
    }
  }

  /**
   * Evaluates the series reached by ingests after {@code since} (0: the whole history) at the
   * session's commit {@code commit} of the warehouse whose commits' identities {@code commitIdAt}
   * gives ({@code Warehouse::commitIdAt}). The session is one opened with {@link #QUERIES}, {@link
   * #LATER}, {@link #AS_TABLES} and {@link #kept}; its other views are made only when runs came,
   * and the kept histories brought to the commit then ({@link KeptHistories}).
   */
  public static Outcome evaluate(
      AnalyticsSession session,
      LongFunction<Optional<String>> commitIdAt,
      long since,
      long commit,
      Instant now,
      AlertSettings settings) {
    Connection c = session.connection();
    Steps steps = new Steps();
    try {
      List<String> fresh = freshRuns(c, since);
      steps.lap("fresh runs (" + fresh.size() + ")");
      AlertIdentity.Evaluation at = new AlertIdentity.Evaluation(commit, now, settings);
      List<Alert> explained = new ArrayList<>();
      int evaluated = 0;
      if (!fresh.isEmpty()) {
        session.prepareFor(LATER);
        steps.lap("views made");
        KeptHistories.Update kept = KeptHistories.bringUp(session, commitIdAt, commit);
        steps.lap("kept histories " + kept);
        Map<SeriesKey, List<SeriesPoint>> series = touched(c, since, settings);
        steps.lap("series read (" + series.size() + ")");
        evaluated = series.size();
        explained.addAll(findings(c, since, fresh, series, at, settings, steps));
      } else {
        session.prepareFor(List.of(MergedSeries.SQL)); // an alias alone may supersede alerts
        steps.lap("views made");
      }
      explained.addAll(MergedSeries.superseded(c, at));
      steps.lap("superseded");
      return new Outcome(evaluated, explained, steps.all());
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the series to evaluate: " + e.getMessage(), e);
    }
  }

  /**
   * A check of the histories kept between evaluations against a whole computation at the session's
   * commit (a session opened as for {@link #evaluate}): "0 of N values rows differ; made whole at
   * commit W, brought up to commit S" when they are equal.
   */
  public static String keptDifferences(AnalyticsSession session) {
    session.prepareFor(LATER);
    try {
      return KeptHistories.differences(session.connection());
    } catch (SQLException e) {
      throw new IllegalStateException("cannot compare the kept histories: " + e.getMessage(), e);
    }
  }

  /** The alert events of the series read, with the config differences of their runs. */
  private static List<Alert> findings(
      Connection c,
      long since,
      List<String> fresh,
      Map<SeriesKey, List<SeriesPoint>> series,
      AlertIdentity.Evaluation at,
      AlertSettings settings,
      Steps steps)
      throws SQLException {
    if (series.isEmpty()) {
      return List.of();
    }
    Map<SeriesKey, List<KnownAlert>> known = known(c);
    steps.lap("known alerts read");
    Map<SeriesKey, List<StabilityFindings.IterationIntervals>> intervals =
        intervals(c, since, fresh);
    steps.lap("report intervals read");
    Map<String, String> datasetOf = new HashMap<>();
    series.values().forEach(points -> points.forEach(p -> datasetOf.put(p.runId(), p.dataset())));
    // each series on its own (the detectors are pure), on every core; the events in series order
    List<Alert> events =
        new ArrayList<Map.Entry<SeriesKey, List<SeriesPoint>>>(series.entrySet())
            .parallelStream()
                .map(
                    s -> {
                      List<Finding> findings =
                          new ArrayList<>(SeriesFindings.of(s.getKey(), s.getValue(), settings));
                      findings.addAll(
                          StabilityFindings.of(
                              s.getValue(),
                              intervals.getOrDefault(s.getKey(), List.of()),
                              settings));
                      return AlertIdentity.reconcile(
                          s.getKey(),
                          s.getValue(),
                          findings,
                          known.getOrDefault(s.getKey(), List.of()),
                          at);
                    })
                .flatMap(List::stream)
                .toList();
    steps.lap("findings");
    ConfigDifferences differences = new ConfigDifferences(c, datasetOf);
    List<Alert> explained = new ArrayList<>(events.size());
    for (Alert e : events) {
      explained.add(differences.explain(e));
    }
    steps.lap("config differences (" + differences.pairsRead() + " pairs)");
    return explained;
  }

  /** The runs that iteration rows of ingests after {@code since} reached. */
  private static List<String> freshRuns(Connection c, long since) throws SQLException {
    List<String> runs = new ArrayList<>();
    try (PreparedStatement st = c.prepareStatement(FRESH_SQL)) {
      st.setLong(1, since);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          runs.add(rs.getString(1));
        }
      }
    }
    return runs;
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
                      RunStability.doubles(rs.getArray(9)),
                      rs.getBoolean(10)));
        }
      }
    }
    return series;
  }

  /**
   * The measured intervals of the fresh runs' iterations, per series of their primary metric: the
   * samples of a few runs read by their ids, of more (an import's history) by a join.
   */
  static Map<SeriesKey, List<StabilityFindings.IterationIntervals>> intervals(
      Connection c, long since, List<String> fresh) throws SQLException {
    Map<SeriesKey, List<StabilityFindings.IterationIntervals>> out = new HashMap<>();
    try (PreparedStatement st = c.prepareStatement(STABILITY_SQL)) {
      st.setLong(1, since);
      if (fresh.size() <= RUNS_LISTED) {
        Array runs = c.createArrayOf("VARCHAR", fresh.toArray());
        st.setArray(2, runs);
        st.setArray(3, runs);
      } else {
        st.setObject(2, null);
        st.setObject(3, null);
      }
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          SeriesKey key =
              new SeriesKey(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getString(4));
          List<IterationStability.Interval> in = RunStability.intervals(rs, 7);
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

  /**
   * The steps' times; with {@code -Dbenchlake.timing=true} (as the commands' own steps) each is
   * also written to stderr as it ends.
   */
  private static final class Steps {
    private final List<Step> steps = new ArrayList<>();
    private long last = System.nanoTime();

    void lap(String name) {
      long now = System.nanoTime();
      Step step = new Step(name, (now - last) / 1e6);
      steps.add(step);
      if (Boolean.getBoolean("benchlake.timing")) {
        System.err.println("timing: alerts: " + step);
      }
      last = now;
    }

    List<Step> all() {
      return List.copyOf(steps);
    }
  }

  static Instant micros(long us) {
    return Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000), Math.floorMod(us, 1_000_000) * 1000);
  }

  static String sql(String name) {
    return AlertSql.of(name);
  }
}
