package io.benchlake.analytics.report;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.CanonicalNames;
import io.benchlake.analytics.QueryFiles;
import io.benchlake.analytics.annotate.ExcludedRuns;
import io.benchlake.home.BadInputException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/** Reads a comparison report's contents from the views. */
public final class ComparisonQuery {
  /**
   * Values near a double's limit (stored before importers refused them) overflow a mean or a
   * spread: the report says where, in one line, rather than print or chart "Infinity".
   */
  private static final String NOT_FINITE =
      "%s threads %d %s of %s (run %s): a statistic is not a finite number (values near a"
          + " double's limit in the warehouse): exclude the run with benchlake annotate, or"
          + " re-import it";

  private ComparisonQuery() {}

  /**
   * The report of {@code metric} for {@code test} (default: the test of the latest completed run),
   * datasets in the order given or else as first seen.
   */
  public static ComparisonReport load(
      AnalyticsSession session,
      Optional<String> test,
      String metric,
      List<String> datasets,
      List<String> title) {
    return load(session, test, metric, datasets, title, Optional.empty());
  }

  /**
   * As above, with change-% columns against {@code baseline} (one of the datasets). The test and
   * datasets may be given under any of their aliases.
   */
  public static ComparisonReport load(
      AnalyticsSession session,
      Optional<String> test,
      String metric,
      List<String> typedDatasets,
      List<String> title,
      Optional<String> typedBaseline) {
    Connection c = session.connection();
    List<String> datasets = CanonicalNames.datasets(session, typedDatasets);
    Optional<String> baseline = CanonicalNames.dataset(session, typedBaseline);
    try {
      String testName =
          test.isPresent() ? CanonicalNames.test(session, test.get()) : defaultTest(c);
      Map<String, Map<Integer, ThreadStatistics>> stats = new LinkedHashMap<>();
      Map<String, String> runOf = new LinkedHashMap<>();
      TreeSet<Integer> threads = new TreeSet<>();
      try (PreparedStatement st = c.prepareStatement(QueryFiles.read("report_stats.sql"))) {
        st.setString(1, testName);
        st.setString(2, metric);
        Map<SourcePrintings.Cell, Map<String, Map<Integer, Double>>> printed =
            SourcePrintings.of(c, metric, testName);
        try (ResultSet rs = st.executeQuery()) {
          while (rs.next()) {
            String dataset = rs.getString("dataset");
            String runId = rs.getString("run_id");
            runOf.put(dataset, runId);
            int threadCount = rs.getInt("threads");
            threads.add(threadCount);
            ThreadStatistics t =
                statistics(
                    rs,
                    printed.getOrDefault(new SourcePrintings.Cell(runId, threadCount), Map.of()));
            if (!t.finite()) {
              throw new BadInputException(
                  NOT_FINITE.formatted(testName, threadCount, metric, dataset, runId));
            }
            stats.computeIfAbsent(dataset, d -> new LinkedHashMap<>()).put(threadCount, t);
          }
        }
      }
      if (stats.isEmpty()) {
        List<String> tests = strings(c, QueryFiles.read("report_tests.sql"), null);
        if (!tests.contains(testName)) {
          throw new BadInputException(
              "unknown test '"
                  + testName
                  + "' (tests with completed runs: "
                  + String.join(", ", tests)
                  + ")");
        }
        throw new BadInputException(
            "test "
                + testName
                + " has no metric '"
                + metric
                + "' (known: "
                + String.join(", ", strings(c, QueryFiles.read("report_metrics.sql"), testName))
                + ")");
      }
      List<String> order = new ArrayList<>();
      for (String d : datasets) {
        if (!stats.containsKey(d)) {
          Optional<String> excluded = ExcludedRuns.explain(c, d, testName);
          if (excluded.isPresent()) {
            throw new BadInputException(excluded.get());
          }
          throw new BadInputException(
              "dataset '"
                  + d
                  + "' has no completed run of "
                  + testName
                  + " (known: "
                  + String.join(", ", stats.keySet())
                  + ")");
        }
        order.add(d);
      }
      if (order.isEmpty()) {
        order.addAll(stats.keySet());
      }
      // rows only for the thread counts the datasets shown have (not those of datasets left out)
      TreeSet<Integer> shown = new TreeSet<>();
      order.forEach(d -> shown.addAll(stats.get(d).keySet()));
      threads = shown;
      if (baseline.isPresent() && !order.contains(baseline.get())) {
        throw new BadInputException(
            "--baseline '"
                + baseline.get()
                + "' is not one of the compared datasets (known: "
                + String.join(", ", order)
                + ")");
      }
      RunInfoTables info = new RunInfoTables();
      List<Setting> settings = new ArrayList<>();
      for (String dataset : order) {
        info.add(c, runOf.get(dataset), dataset);
        settings.addAll(settings(c, runOf.get(dataset), dataset));
      }
      List<String> titles =
          !title.isEmpty()
              ? title
              : SourcePrintings.title(c, metric, order.stream().map(runOf::get).toList())
                  .orElse(
                      List.of(
                          metric + " by Thread Count", metric + " by Thread Count - " + testName));
      PropertyTable systemInfo = info.system();
      return ComparisonReport.builder()
          .title(titles)
          .test(testName)
          .metric(metric)
          .datasets(order)
          .threads(List.copyOf(threads))
          .stats(stats)
          .system(systemInfo)
          .database(info.database())
          .testInfo(info.testInfo())
          .baseline(baseline)
          .differences(Differences.find(order, systemInfo, settings))
          .runIds(runOf)
          .leftOut(LeftOut.ofRuns(c, order.stream().map(runOf::get).toList()))
          .build();
    } catch (SQLException e) {
      throw new IllegalStateException("report query failed: " + e.getMessage(), e);
    }
  }

  private static List<String> strings(Connection c, String sql, String parameter)
      throws SQLException {
    List<String> out = new ArrayList<>();
    try (PreparedStatement st = c.prepareStatement(sql)) {
      if (parameter != null) {
        st.setString(1, parameter);
      }
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
    }
    return out;
  }

  /** A run's settings, from its config file and its server's variables. */
  private static List<Setting> settings(Connection c, String runId, String dataset)
      throws SQLException {
    List<Setting> out = new ArrayList<>();
    try (PreparedStatement st = c.prepareStatement(QueryFiles.read("report_settings.sql"))) {
      st.setString(1, runId);
      st.setString(2, runId);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          out.add(new Setting(rs.getString(1), dataset, rs.getString(2), rs.getString(3)));
        }
      }
    }
    return out;
  }

  private static String defaultTest(Connection c) throws SQLException {
    try (PreparedStatement st = c.prepareStatement(QueryFiles.read("report_default_test.sql"));
        ResultSet rs = st.executeQuery()) {
      if (!rs.next()) {
        throw new BadInputException(
            "the warehouse has no completed run yet: run `benchlake demo` or `benchlake ingest` first");
      }
      return rs.getString(1);
    }
  }

  /** A row's statistics, with {@code printed} (statistic → decimals → value) where they stand. */
  private static ThreadStatistics statistics(
      ResultSet rs, Map<String, Map<Integer, Double>> printed) throws SQLException {
    List<Double> values = new ArrayList<>();
    for (Object o : (Object[]) rs.getArray("iteration_values").getArray()) {
      values.add(((Number) o).doubleValue());
    }
    List<Integer> numbers = new ArrayList<>();
    for (Object o : (Object[]) rs.getArray("iteration_numbers").getArray()) {
      numbers.add(((Number) o).intValue());
    }
    double cov = rs.getDouble("cov");
    Double covOrNull = rs.wasNull() ? null : cov;
    boolean fromSource = "source".equals(rs.getString("statistics_from"));
    return new ThreadStatistics(
        rs.getInt("n"),
        rs.getDouble("mean"),
        rs.getDouble("max"),
        rs.getDouble("min"),
        rs.getDouble("stddev"),
        covOrNull,
        rs.getDouble("median"),
        rs.getDouble("p95"),
        rs.getDouble("p99"),
        rs.getDouble("skewness"),
        values,
        numbers,
        fromSource ? printed : Map.of(),
        fromSource,
        rs.getBoolean("source_set_aside"));
  }
}
