package io.benchlake.analytics.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.analytics.QueryFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** A report's System, Database and Test Info tables, filled one dataset's run at a time. */
final class RunInfoTables {
  /**
   * Reads the runs' properties column: plain JSON, no event types (analytics never reads events).
   */
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-M-d HH:mm:ss", Locale.ROOT);

  /** A property of a table and the column of {@code report_run_info.sql} it shows. */
  private record Row(String property, String column) {}

  private static final List<Row> SYSTEM =
      List.of(
          new Row("Host", "host_name"),
          new Row("CPU", "cpu_model"),
          new Row("CPU Count", "logical_cpus"),
          new Row("Core Count", "cores"),
          new Row("Socket Count", "sockets"),
          new Row("OS", "os"),
          new Row("OS Version", "os_version"),
          new Row("OS Kernel", "kernel"),
          new Row("RAM", "ram_bytes"),
          new Row("Disk", "disk"));

  private static final List<Row> DATABASE =
      List.of(
          new Row("Database Maker", "db_maker"),
          new Row("Database Version", "db_version"),
          new Row("Engine", "engine"),
          new Row("Install Dir", "install_dir"),
          new Row("DB Config Origin", "config_origin"),
          new Row("DB Config Source File", "config_file"),
          new Row("DB Generated Config Run File", "config_run_file"),
          new Row("Config Contents", "config_contents"));

  /** A live run's Test Info: its parameters (an imported report carries its own). */
  private static final List<Row> LIVE_TEST =
      List.of(
          new Row("Test Suite", "test_suite"),
          new Row("Test Name", "test_name"),
          new Row("Test Case Tag", "tag"),
          new Row("Duration", "duration_s"),
          new Row("Iterations", "iterations"),
          new Row("Number of rows", "table_size"),
          new Row("Number of tables", "tables"),
          new Row("Number of warehouses", "warehouses"),
          new Row("Threads", "thread_ladder"));

  /** Columns shown as the numbers they hold. */
  private static final Set<String> NUMBERS =
      Set.of(
          "logical_cpus", "cores", "sockets", "iterations", "table_size", "tables", "warehouses");

  private final PropertyTable.Builder system = new PropertyTable.Builder();
  private final PropertyTable.Builder database = new PropertyTable.Builder();
  private final PropertyTable.Builder test = new PropertyTable.Builder();

  PropertyTable system() {
    return system.build();
  }

  PropertyTable database() {
    return database.build();
  }

  PropertyTable testInfo() {
    return test.build();
  }

  /**
   * Adds a run's rows to the three tables, in the dataset's column; a run without info adds none.
   */
  void add(Connection c, String runId, String dataset) throws SQLException {
    try (PreparedStatement st = c.prepareStatement(QueryFiles.read("report_run_info.sql"))) {
      st.setString(1, runId);
      try (ResultSet rs = st.executeQuery()) {
        if (!rs.next()) {
          return;
        }
        put(system, SYSTEM, rs, dataset);
        put(database, DATABASE, rs, dataset);
        Map<String, String> carried = properties(rs.getString("properties_json"));
        if (!carried.containsKey("Test Name")) {
          // A live run: its parameters, then the properties it carried. An imported report
          // carries its whole Test Info, in its own order, as properties.
          put(test, LIVE_TEST, rs, dataset);
        }
        carried.forEach((k, v) -> test.put(dataset, k, v));
        Timestamp started = rs.getTimestamp("started_at");
        if (started != null && !carried.containsKey("Timestamp")) {
          test.put(dataset, "Timestamp", TIMESTAMP.format(started.toLocalDateTime()));
        }
      }
    }
  }

  private static void put(PropertyTable.Builder table, List<Row> rows, ResultSet rs, String dataset)
      throws SQLException {
    for (Row row : rows) {
      table.put(dataset, row.property(), value(rs, row.column()));
    }
  }

  private static Object value(ResultSet rs, String column) throws SQLException {
    return switch (column) {
      case "ram_bytes" -> ram(rs.getObject(column));
      case "duration_s" -> duration(rs.getObject(column), rs.getString("duration_unit"));
      default -> NUMBERS.contains(column) ? rs.getObject(column) : rs.getString(column);
    };
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
