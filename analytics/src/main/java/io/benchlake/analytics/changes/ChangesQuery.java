package io.benchlake.analytics.changes;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.CanonicalNames;
import io.benchlake.analytics.NoHistory;
import io.benchlake.analytics.QueryFiles;
import io.benchlake.analytics.report.LeftOut;
import io.benchlake.changepoints.ChangePoints;
import io.benchlake.changepoints.Detector;
import io.benchlake.changepoints.Method;
import io.benchlake.changepoints.Releases;
import io.benchlake.home.BadInputException;
import io.benchlake.warehouse.Warehouse;
import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Reads a history from the views and finds its change points. */
public final class ChangesQuery {
  static final String ANNOTATED_SQL = "SELECT EXISTS (SELECT 1 FROM raw_annotations)";

  /**
   * Made a table once per session: the name's lookup (twice) and the series (twice) each use it,
   * and as a view each use would follow every alias of every name the runs carry anew.
   */
  private static final Set<String> AS_TABLES = Set.of("canonical_names");

  private ChangesQuery() {}

  /**
   * One run of the history: its config (the fingerprint's first 8 hex digits, null where unknown)
   * and tool (run_started's source) give the markers where they changed.
   */
  public record Run(
      String runId,
      String startedAt,
      String version,
      String dataset,
      String config,
      String tool,
      double[] values) {
    /** A run whose config and tool are not known. */
    public Run(String runId, String startedAt, String version, String dataset, double[] values) {
      this(runId, startedAt, version, dataset, null, null, values);
    }

    /** The same run with {@code runValues} as its values. */
    public Run withValues(double[] runValues) {
      return new Run(runId, startedAt, version, dataset, config, tool, runValues);
    }
  }

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

    /** Where the runs' config or tool changed from the run before (RunMarkers). */
    public List<RunMarkers.Marker> markers() {
      return RunMarkers.of(runs);
    }

    /**
     * Whether the default method was given the releases: it looked for changes between releases
     * only, and took the noise from the differences within them (changepoints'
     * ReleaseSegments.noise).
     */
    public boolean betweenReleases() {
      return method == Method.SEGMENTS && releases(by, runs).isPresent();
    }
  }

  /** How to look for changes: the method, its largest p-value and the smallest change. */
  public record Options(Method method, double alpha, double minChange) {}

  /**
   * Which history: the test as typed, a thread count, a metric, the order (time or release) and the
   * series, a testbed or one of its config lines (empty: the one series the runs come from).
   */
  public record Series(String test, int threads, String metric, String by, Optional<String> host) {
    public Series {
      if (!by.equals("time") && !by.equals("release")) {
        throw new BadInputException("--by must be time or release, was '" + by + "'");
      }
    }
  }

  /**
   * A history as the views give it: the test's canonical name, the host, the runs in order, and the
   * iterations annotations left out of the test at that thread count. All that `changes` reads from
   * the warehouse, and so what {@link HistoryCache} keeps per commit.
   */
  public record History(String test, String host, List<Run> runs, List<LeftOut> leftOut) {}

  /**
   * The SQL every history is read with, for a session to create the views it reaches and no more:
   * the name's lookup, the series (changes_series.sql reads the runs' start and end, environments
   * and iterations, not the whole of `runs` and `thread_stats`) and whether anything was annotated.
   */
  public static List<String> queries() {
    return List.of(CanonicalNames.SQL, QueryFiles.read("changes_series.sql"), ANNOTATED_SQL);
  }

  /**
   * The SQL a history needs only at times: the left-out iterations once an annotation was written,
   * and the one-line mistakes of a series with no runs. Their views are made when they are asked.
   */
  public static List<String> laterQueries() {
    return List.of(
        LeftOut.OF_TEST_SQL, AnalyticsSession.RUNS_SQL, NoHistory.TESTS_SQL, NoHistory.THREADS_SQL);
  }

  /**
   * The history of the warehouse's current commit: from the cache when an earlier command asked for
   * it at this commit, else read through a session with the views it needs (and kept).
   */
  public static History history(Warehouse warehouse, Series series, HistoryCache cache) {
    Optional<History> cached = cache.find(warehouse.commit().id(), series);
    if (cached.isPresent()) {
      return cached.get();
    }
    try (AnalyticsSession session = openSession(warehouse)) {
      History history = history(session, series);
      // the session's own commit: another may have been committed since the lookup above, and
      // then nothing is kept (the newer commit's entries stay)
      cache.store(session.commit(), warehouse.commit().id(), series, history);
      return history;
    }
  }

  /** A session over the warehouse's current commit with the views that histories are read by. */
  static AnalyticsSession openSession(Warehouse warehouse) {
    return AnalyticsSession.openFor(warehouse, queries(), laterQueries(), AS_TABLES);
  }

  /** The history as the session's views give it. */
  public static History history(AnalyticsSession session, Series series) {
    String test = CanonicalNames.test(session, series.test());
    List<Run> runs = new ArrayList<>();
    List<String> hosts = new ArrayList<>();
    try (PreparedStatement st =
        session.connection().prepareStatement(QueryFiles.read("changes_series.sql"))) {
      st.setString(1, test);
      st.setInt(2, series.threads());
      st.setString(3, series.metric());
      st.setString(4, series.host().orElse(null));
      st.setString(5, series.host().orElse(null));
      for (int i = 6; i <= 8; i++) {
        st.setBoolean(i, series.by().equals("release"));
      }
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          Array a = rs.getArray(6);
          Object[] items = (Object[]) a.getArray();
          double[] values = new double[items.length];
          for (int i = 0; i < items.length; i++) {
            values[i] = ((Number) items[i]).doubleValue();
          }
          runs.add(
              new Run(
                  rs.getString(1),
                  startedAt(rs, 2),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(7),
                  rs.getString(8),
                  values));
          hosts.add(rs.getString(5));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("changes query failed: " + e.getMessage(), e);
    }
    if (runs.isEmpty()) {
      session.prepareFor(laterQueries());
      session.requireRuns();
      throw NoHistory.of(
          session.connection(),
          test,
          series.threads(),
          series.metric(),
          series.host().map(h -> " on testbed " + h).orElse(""));
    }
    if (series.host().isEmpty() && hosts.stream().distinct().count() > 1) {
      throw new BadInputException(
          "the runs come from several testbeds or config series "
              + hosts.stream().distinct().toList()
              + ": choose one with --testbed, so a change of machine or an A/B config is not taken"
              + " for a regression");
    }
    if (hosts.stream().distinct().count() > 1) {
      // a testbed named whose runs are in several config lines (A/B configs measured in turns)
      throw new BadInputException(
          "the runs on testbed "
              + series.host().get()
              + " come from several config series "
              + hosts.stream().distinct().toList()
              + ": choose one with --testbed, so an A/B config is not taken for a regression");
    }
    return new History(
        test, series.host().orElse(hosts.get(0)), runs, leftOut(session, test, series));
  }

  /**
   * A run's start as a history keeps it: the instant, or "" when the run did not say. The query
   * gives it as microseconds since the epoch: the column is a timestamp of UTC wall time, which the
   * JDBC driver's {@code getTimestamp} would read in this JVM's time zone (an hour or more off, and
   * a cached history written in one zone would differ from a fresh read in another).
   */
  static String startedAt(ResultSet rs, int column) throws SQLException {
    long micros = rs.getLong(column);
    return rs.wasNull() ? "" : Instant.EPOCH.plus(micros, ChronoUnit.MICROS).toString();
  }

  /** The iterations annotations left out of the test at the series' thread count. */
  private static List<LeftOut> leftOut(AnalyticsSession session, String test, Series series) {
    if (!annotated(session)) {
      return List.of();
    }
    session.prepareFor(List.of(LeftOut.OF_TEST_SQL));
    return LeftOut.ofTest(session.connection(), test, series.threads(), null);
  }

  /**
   * Whether any annotation was ever written: only one leaves an iteration out (sql/04_iterations),
   * so without one the left_out view, a pass over every iteration, would find nothing.
   */
  static boolean annotated(AnalyticsSession session) {
    try (PreparedStatement st = session.connection().prepareStatement(ANNOTATED_SQL);
        ResultSet rs = st.executeQuery()) {
      rs.next();
      return rs.getBoolean(1);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot look for annotations: " + e.getMessage(), e);
    }
  }

  /**
   * The change points of a history, found by the options' method. Ordered by release, the default
   * method is given the releases (consecutive runs of one version): it looks for changes between
   * releases only, and its parameters say so.
   */
  public static Result analyse(Series series, History history, Options options) {
    List<double[]> points = history.runs().stream().map(Run::values).toList();
    Detector.Settings settings =
        Detector.Settings.DEFAULTS.withAlpha(options.alpha()).withMinChange(options.minChange());
    boolean otava = options.method() == Method.OTAVA;
    Optional<Releases> releases = releases(series.by(), history.runs());
    return new Result(
        history.test(),
        series.threads(),
        series.metric(),
        series.by(),
        history.host(),
        history.runs(),
        options.method(),
        otava
            ? "max p-value "
                + options.alpha()
                + ", min segment 3 (Student's t-test over iterations)"
            : releases
                .map(r -> settings.describeByRelease(r.count()))
                .orElseGet(settings::toString),
        otava
            ? otava(points, options.alpha())
            : releases
                .map(r -> Detector.detect(points, r, settings))
                .orElseGet(() -> Detector.detect(points, settings)));
  }

  /** The releases of a history ordered by release whose runs all have a version. */
  private static Optional<Releases> releases(String by, List<Run> runs) {
    return by.equals("release")
        ? Releases.of(runs.stream().map(Run::version).toList())
        : Optional.empty();
  }

  /** The history read through {@code session} and its change points. */
  public static Result load(AnalyticsSession session, Series series, Options options) {
    return analyse(series, history(session, series), options);
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
              Double.NaN,
              Detector.Test.OTAVA_T,
              Double.NaN));
    }
    return new Detector.Result(
        points.size(), Double.NaN, null, changes, List.of(), List.of(), null);
  }
}
