package io.benchlake.alerts.confirm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.schemas.RunParameters;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one run of an alert's cell recorded, as its re-run needs it: its run_started's parameters
 * (as published) and properties, and the server it ran on (where from, version, cnf, install dir).
 */
public record RecordedRun(
    String runId,
    String dataset,
    String testName,
    String source,
    RunParameters parameters,
    Map<String, String> properties,
    String testbed,
    String serverOrigin,
    String serverVersion,
    String configContents,
    String installDir) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The property the runs of a confirm carry: the alert they re-run ({@code sql/01_runs.sql}). */
  public static final String CONFIRMS_ALERT = "Confirms alert";

  public RecordedRun {
    Objects.requireNonNull(parameters, "parameters");
    properties =
        properties == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
  }

  /** The run's row of {@code confirm_run.sql}, in its column order. */
  static RecordedRun of(List<Object> row) {
    RunParameters parameters =
        new RunParameters(
            text(row.get(4)),
            integer(row.get(5)),
            row.get(6) == null ? null : ((Number) row.get(6)).longValue(),
            integer(row.get(7)),
            number(row.get(8)),
            text(row.get(9)),
            integer(row.get(10)),
            ladder(text(row.get(11))),
            number(row.get(12)),
            number(row.get(13)),
            text(row.get(14)));
    return new RecordedRun(
        text(row.get(0)),
        text(row.get(1)),
        text(row.get(2)),
        text(row.get(3)),
        parameters,
        properties(text(row.get(15))),
        text(row.get(16)),
        text(row.get(17)),
        text(row.get(18)),
        text(row.get(19)),
        text(row.get(20)));
  }

  /**
   * Why this run cannot be measured again here, if it cannot: imported (benchlake did not run it),
   * a JDBC server (which cannot switch version or settings), a server it did not record.
   */
  public Optional<String> whyNotRerunnable() {
    if (source == null || !source.startsWith("loadgen")) {
      return Optional.of(
          "run "
              + runId
              + " was imported ("
              + (source == null ? "no source" : source)
              + "), not run by benchlake");
    }
    if ("jdbc".equals(serverOrigin)) {
      return Optional.of(
          "run " + runId + " ran on a JDBC dataset, which cannot switch version or settings");
    }
    if (!"embedded".equals(serverOrigin) && !"install-dir".equals(serverOrigin)) {
      return Optional.of("run " + runId + " recorded no server benchlake can start");
    }
    if ("install-dir".equals(serverOrigin) && installDir == null) {
      return Optional.of("run " + runId + " recorded no install dir");
    }
    if (parameters.workload() == null) {
      return Optional.of("run " + runId + " recorded no workload");
    }
    if (configContents != null && configContents.contains(Redaction.MASK)) {
      return Optional.of("run " + runId + "'s cnf has redacted values, which a re-run cannot use");
    }
    return Optional.empty();
  }

  /**
   * The server's version as a release (11.4.5 of {@code 11.4.5-MariaDB-log}), what an embedded
   * server is started as.
   */
  public String release() {
    if (serverVersion == null) {
      return null;
    }
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("^(\\d+\\.\\d+\\.\\d+)").matcher(serverVersion);
    return m.find() ? m.group(1) : serverVersion;
  }

  /**
   * The [mysqld] settings of the recorded cnf in their order (a flag without a value maps to null),
   * what the server is started with again.
   */
  public Map<String, String> settings() {
    Map<String, String> out = new LinkedHashMap<>();
    if (configContents == null) {
      return out;
    }
    boolean mysqld = true; // a cnf without a group header is read as [mysqld]
    for (String raw : configContents.split("\n")) {
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
        continue;
      }
      if (line.startsWith("[")) {
        String group = line.replaceAll("[\\[\\]\\s]", "");
        mysqld = group.equals("mysqld") || group.equals("server") || group.equals("mariadb");
        continue;
      }
      if (!mysqld) {
        continue;
      }
      int eq = line.indexOf('=');
      if (eq < 0) {
        out.put(line, null);
      } else {
        out.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
      }
    }
    return out;
  }

  /**
   * The workload's options as the run recorded them: loadgen's "Workload options" property ({@code
   * --tables=4 --table-size=10000 ...}) where there is one, else the parameters' tables, rows per
   * table, warehouses and random distribution.
   */
  public Map<String, String> workloadOptions() {
    Map<String, String> out = new LinkedHashMap<>();
    String given = properties.get("Workload options");
    if (given != null && !given.isBlank()) {
      for (String word : given.trim().split("\\s+")) {
        String w = word.startsWith("--") ? word.substring(2) : word;
        int eq = w.indexOf('=');
        if (eq > 0) {
          out.put(w.substring(0, eq), w.substring(eq + 1));
        }
      }
      return out;
    }
    if (parameters.tables() != null) {
      out.put("tables", String.valueOf(parameters.tables()));
    }
    if (parameters.tableSize() != null) {
      out.put("table-size", String.valueOf(parameters.tableSize()));
    }
    if (parameters.warehouses() != null) {
      out.put("warehouses", String.valueOf(parameters.warehouses()));
    }
    if (parameters.randType() != null) {
      out.put("rand-type", parameters.randType());
    }
    return out;
  }

  private static Map<String, String> properties(String json) {
    Map<String, String> out = new LinkedHashMap<>();
    if (json == null || json.isBlank()) {
      return out;
    }
    try {
      for (JsonNode p : JSON.readTree(json)) {
        if (p.hasNonNull("name")) {
          out.putIfAbsent(p.get("name").asText(), p.path("value").asText(null));
        }
      }
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a run's properties are not JSON: " + e.getMessage(), e);
    }
    return out;
  }

  private static String text(Object o) {
    return o == null ? null : o.toString();
  }

  /** The thread ladder as the warehouse keeps it, comma-separated ({@code 1,8,16}). */
  private static List<Integer> ladder(String commaSeparated) {
    if (commaSeparated == null || commaSeparated.isBlank()) {
      return List.of();
    }
    return java.util.Arrays.stream(commaSeparated.split(","))
        .map(t -> Integer.valueOf(t.strip()))
        .toList();
  }

  private static Integer integer(Object o) {
    return o == null ? null : ((Number) o).intValue();
  }

  private static Double number(Object o) {
    return o == null ? null : ((Number) o).doubleValue();
  }

  /** The mask loadgen's redaction puts in place of a secret (io.benchlake.loadgen.env). */
  private static final class Redaction {
    static final String MASK = "***";
  }
}
