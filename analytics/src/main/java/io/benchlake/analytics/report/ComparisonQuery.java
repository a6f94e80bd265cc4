package io.benchlake.analytics.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.CanonicalNames;
import io.benchlake.analytics.QueryFiles;
import io.benchlake.analytics.annotate.ExcludedRuns;
import io.benchlake.home.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/** Reads a comparison report's contents from the views. */
public final class ComparisonQuery {
  /**
   * Reads the runs' properties column: plain JSON, no event types (analytics never reads events).
   */
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-M-d HH:mm:ss", Locale.ROOT);

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
        Map<String, Map<Integer, Map<String, Map<Integer, Double>>>> printed =
            SourcePrintings.of(c, metric, testName);
        try (ResultSet rs = st.executeQuery()) {
          while (rs.next()) {
            String dataset = rs.getString("dataset");
            String runId = rs.getString("run_id");
            runOf.put(dataset, runId);
            threads.add(rs.getInt("threads"));
            ThreadStatistics t = statistics(rs, printed.getOrDefault(runId, Map.of()));
            if (!t.finite()) {
              throw new BadInputException(
                  NOT_FINITE.formatted(testName, rs.getInt("threads"), metric, dataset, runId));
            }
            stats.computeIfAbsent(dataset, d -> new LinkedHashMap<>()).put(rs.getInt("threads"), t);
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
      PropertyTable.Builder system = new PropertyTable.Builder();
      PropertyTable.Builder database = new PropertyTable.Builder();
      PropertyTable.Builder testInfo = new PropertyTable.Builder();
      for (String dataset : order) {
        runInfo(c, runOf.get(dataset), dataset, system, database, testInfo);
      }
      List<String> titles =
          !title.isEmpty()
              ? title
              : SourcePrintings.title(c, metric, order.stream().map(runOf::get).toList())
                  .orElse(
                      List.of(
                          metric + " by Thread Count", metric + " by Thread Count - " + testName));
      PropertyTable systemInfo = system.build();
      Map<String, Map<String, Map<String, String>>> settings = new LinkedHashMap<>();
      for (String dataset : order) {
        settings(c, runOf.get(dataset), dataset, settings);
      }
      return new ComparisonReport(
          titles,
          testName,
          metric,
          order,
          List.copyOf(threads),
          stats,
          systemInfo,
          database.build(),
          testInfo.build(),
          baseline,
          Differences.find(order, systemInfo, settings),
          runOf,
          LeftOut.ofRuns(c, order.stream().map(runOf::get).toList()));
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

  /** A run's settings into source → dataset → setting → value. */
  private static void settings(
      Connection c, String runId, String dataset, Map<String, Map<String, Map<String, String>>> out)
      throws SQLException {
    try (PreparedStatement st = c.prepareStatement(QueryFiles.read("report_settings.sql"))) {
      st.setString(1, runId);
      st.setString(2, runId);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          out.computeIfAbsent(rs.getString(1), s -> new LinkedHashMap<>())
              .computeIfAbsent(dataset, d -> new LinkedHashMap<>())
              .put(rs.getString(2), rs.getString(3));
        }
      }
    }
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

  private static ThreadStatistics statistics(
      ResultSet rs, Map<Integer, Map<String, Map<Integer, Double>>> printed) throws SQLException {
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
        fromSource ? printed.getOrDefault(rs.getInt("threads"), Map.of()) : Map.of(),
        fromSource,
        rs.getBoolean("source_set_aside"));
  }

  private static void runInfo(
      Connection c,
      String runId,
      String dataset,
      PropertyTable.Builder system,
      PropertyTable.Builder database,
      PropertyTable.Builder test)
      throws SQLException {
    try (PreparedStatement st = c.prepareStatement(QueryFiles.read("report_run_info.sql"))) {
      st.setString(1, runId);
      try (ResultSet rs = st.executeQuery()) {
        if (!rs.next()) {
          return;
        }
        system
            .put(dataset, "Host", rs.getString("host_name"))
            .put(dataset, "CPU", rs.getString("cpu_model"))
            .put(dataset, "CPU Count", rs.getObject("logical_cpus"))
            .put(dataset, "Core Count", rs.getObject("cores"))
            .put(dataset, "Socket Count", rs.getObject("sockets"))
            .put(dataset, "OS", rs.getString("os"))
            .put(dataset, "OS Version", rs.getString("os_version"))
            .put(dataset, "OS Kernel", rs.getString("kernel"))
            .put(dataset, "RAM", ram(rs.getObject("ram_bytes")))
            .put(dataset, "Disk", rs.getString("disk"));
        database
            .put(dataset, "Database Maker", rs.getString("db_maker"))
            .put(dataset, "Database Version", rs.getString("db_version"))
            .put(dataset, "Engine", rs.getString("engine"))
            .put(dataset, "Install Dir", rs.getString("install_dir"))
            .put(dataset, "DB Config Origin", rs.getString("config_origin"))
            .put(dataset, "DB Config Source File", rs.getString("config_file"))
            .put(dataset, "DB Generated Config Run File", rs.getString("config_run_file"))
            .put(dataset, "Config Contents", rs.getString("config_contents"));
        Map<String, String> carried = properties(rs.getString("properties_json"));
        if (!carried.containsKey("Test Name")) {
          // A live run: its parameters, then the properties it carried. An imported report
          // carries its whole Test Info, in its own order, as properties.
          test.put(dataset, "Test Suite", rs.getString("test_suite"))
              .put(dataset, "Test Name", rs.getString("test_name"))
              .put(dataset, "Test Case Tag", rs.getString("tag"))
              .put(
                  dataset,
                  "Duration",
                  duration(rs.getObject("duration_s"), rs.getString("duration_unit")))
              .put(dataset, "Iterations", rs.getObject("iterations"))
              .put(dataset, "Number of rows", rs.getObject("table_size"))
              .put(dataset, "Number of tables", rs.getObject("tables"))
              .put(dataset, "Number of warehouses", rs.getObject("warehouses"))
              .put(dataset, "Threads", rs.getString("thread_ladder"));
        }
        carried.forEach((k, v) -> test.put(dataset, k, v));
        Timestamp started = rs.getTimestamp("started_at");
        if (started != null && !carried.containsKey("Timestamp")) {
          test.put(dataset, "Timestamp", TIMESTAMP.format(started.toLocalDateTime()));
        }
      }
    }
  }

  private static Map<String, String> properties(String json) {
    Map<String, String> out = new LinkedHashMap<>();
    if (json == null) {
      return out;
    }
    try {
      for (JsonNode p : JSON.readTree(json)) {
        out.put(p.get("name").asText(), p.path("value").asText(""));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static String ram(Object bytes) {
    return bytes == null
        ? null
        : String.format(Locale.ROOT, "%.2f GB", ((Number) bytes).doubleValue() / (1L << 30));
  }

  /** Duration in the unit the source gave: seconds for sysbench, minutes for HammerDB. */
  private static String duration(Object seconds, String unit) {
    if (seconds == null) {
      return null;
    }
    double s = ((Number) seconds).doubleValue();
    double shown = "min".equals(unit) || "m".equals(unit) ? s / 60 : s;
    return shown == Math.rint(shown) ? String.valueOf((long) shown) : String.valueOf(shown);
  }
}
