package io.benchlake.importers.benchbase;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchlake.home.BadInputException;
import io.benchlake.importers.SourceFile;
import io.benchlake.importers.TimeBounds;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * A BenchBase {@code *.summary.json} (ResultWriter.writeSummary) as read: the benchmark, the DBMS,
 * when it ran, the throughput and goodput and the latency distribution of the measured window.
 * Latencies are BenchBase's microseconds; {@code startPrinted} is false for summaries before
 * BenchBase printed its start (Nov 2023), dated by when the summary was written instead.
 */
public record BenchbaseSummary(
    String benchmark,
    String dbmsType,
    String dbmsVersion,
    Instant startedAt,
    boolean startPrinted,
    Double elapsedS,
    Long measuredRequests,
    String finalState,
    Integer terminals,
    String scaleFactor,
    String isolation,
    double throughput,
    Double goodput,
    Latencies latencies) {

  /**
   * The nine figures of "Latency Distribution", in microseconds; null when nothing was measured.
   */
  public record Latencies(
      long min, long p25, long p50, long avg, long p75, long p90, long p95, long p99, long max) {}

  static final String START = "Start timestamp (milliseconds)";
  static final String WRITTEN = "Current Timestamp (milliseconds)";
  static final String THROUGHPUT = "Throughput (requests/second)";
  static final String GOODPUT = "Goodput (requests/second)";
  static final String DISTRIBUTION = "Latency Distribution";
  static final String[] LATENCY_KEYS = {
    "Minimum Latency (microseconds)",
    "25th Percentile Latency (microseconds)",
    "Median Latency (microseconds)",
    "Average Latency (microseconds)",
    "75th Percentile Latency (microseconds)",
    "90th Percentile Latency (microseconds)",
    "95th Percentile Latency (microseconds)",
    "99th Percentile Latency (microseconds)",
    "Maximum Latency (microseconds)"
  };

  /** Whether the run ended in BenchBase's ERROR state (a worker failed). */
  public boolean failed() {
    return "ERROR".equalsIgnoreCase(finalState);
  }

  public static BenchbaseSummary parse(SourceFile file) {
    JsonNode n = JsonLines.object(file, "a BenchBase summary");
    Reader r = new Reader(file, n);
    String benchmark = r.text("Benchmark Type", true);
    Long written = r.whole(WRITTEN, false);
    Long start = r.whole(START, false);
    if (start == null && written == null) {
      throw BadInputException.at(
          file.name(),
          1,
          "a BenchBase summary names '" + START + "' or '" + WRITTEN + "'; neither");
    }
    Instant startedAt = Instant.ofEpochMilli(start != null ? start : written);
    TimeBounds.problem("the run's start", startedAt)
        .ifPresent(
            p -> {
              throw BadInputException.at(
                  file.name(), JsonLines.lineOf(file, start != null ? START : WRITTEN), p);
            });
    Long elapsedNs = r.whole("Elapsed Time (nanoseconds)", false);
    String terminals = r.text("terminals", false);
    return new BenchbaseSummary(
        benchmark,
        r.text("DBMS Type", false),
        r.text("DBMS Version", false),
        startedAt,
        start != null,
        elapsedNs == null ? null : elapsedNs / 1e9,
        r.whole("Measured Requests", false),
        r.text("Final State", false),
        terminals == null ? null : r.count("terminals", terminals),
        r.text("scalefactor", false),
        r.text("isolation", false),
        r.rate(THROUGHPUT, true),
        r.rate(GOODPUT, false),
        latencies(file, n, r));
  }

  private static Latencies latencies(SourceFile file, JsonNode n, Reader r) {
    JsonNode d = n.get(DISTRIBUTION);
    if (d == null || !d.isObject()) {
      throw BadInputException.at(
          file.name(),
          JsonLines.lineOf(file, DISTRIBUTION),
          "expected '" + DISTRIBUTION + "', an object of the nine latencies in microseconds");
    }
    long[] v = new long[LATENCY_KEYS.length];
    for (int i = 0; i < v.length; i++) {
      JsonNode x = d.get(LATENCY_KEYS[i]);
      if (x == null || !x.canConvertToLong() || !x.isIntegralNumber()) {
        throw BadInputException.at(
            file.name(),
            x == null
                ? JsonLines.lineOf(file, DISTRIBUTION)
                : JsonLines.lineOf(file, LATENCY_KEYS[i]),
            "expected '" + LATENCY_KEYS[i] + "' in '" + DISTRIBUTION + "', a whole number");
      }
      v[i] = x.asLong();
    }
    // BenchBase writes -1 for every figure of a window without requests
    if (v[0] == -1 && v[8] == -1) {
      return null;
    }
    for (int i = 0; i < v.length; i++) {
      if (v[i] < 0 || v[i] > 1e13) {
        throw BadInputException.at(
            file.name(),
            JsonLines.lineOf(file, LATENCY_KEYS[i]),
            "'" + LATENCY_KEYS[i] + "' is " + v[i] + "; expected microseconds from 0 to 10^13");
      }
    }
    return new Latencies(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]);
  }

  /** Reads the summary's fields, refusing a wrong one at its line. */
  private record Reader(SourceFile file, JsonNode node) {
    String text(String key, boolean required) {
      JsonNode x = node.get(key);
      if (x == null || x.isNull() || (x.isTextual() && x.asText().isBlank())) {
        if (required) {
          throw BadInputException.at(
              file.name(), 1, "a BenchBase summary names '" + key + "'; this one does not");
        }
        return null;
      }
      if (!x.isValueNode()) {
        throw refused(key, "a text");
      }
      return x.asText().strip();
    }

    Long whole(String key, boolean required) {
      JsonNode x = node.get(key);
      if (x == null || x.isNull()) {
        if (required) {
          throw BadInputException.at(
              file.name(), 1, "a BenchBase summary names '" + key + "'; this one does not");
        }
        return null;
      }
      if (!x.isIntegralNumber() || !x.canConvertToLong() || x.asLong() < 0) {
        throw refused(key, "a whole number, 0 or more");
      }
      return x.asLong();
    }

    Double rate(String key, boolean required) {
      JsonNode x = node.get(key);
      if (x == null || x.isNull()) {
        if (required) {
          throw BadInputException.at(
              file.name(), 1, "a BenchBase summary names '" + key + "'; this one does not");
        }
        return null;
      }
      double v = x.isNumber() ? x.asDouble() : Double.NaN;
      if (!Double.isFinite(v) || v < 0 || v > 1e9) {
        throw refused(key, "a rate from 0 to 10^9 per second");
      }
      return v;
    }

    int count(String key, String text) {
      try {
        int v = Integer.parseInt(text.strip());
        if (v >= 1) {
          return v;
        }
      } catch (NumberFormatException e) {
        // refused below
      }
      throw refused(key, "a whole number of terminals, 1 or more");
    }

    private BadInputException refused(String key, String expected) {
      return BadInputException.at(
          file.name(),
          JsonLines.lineOf(file, key),
          String.format(
              Locale.ROOT, "'%s' is %s; expected %s", key, node.get(key).toString(), expected));
    }
  }

  /** The test name: BENCHBASE_ and the benchmark(s), {@code tpcc} → {@code BENCHBASE_TPCC}. */
  public String testName() {
    return testName(benchmark);
  }

  static String testName(String benchmark) {
    String name =
        benchmark.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_").replaceAll("^_|_$", "");
    return "BENCHBASE_" + name;
  }

  /** The DBMS as a dataset label names it: MariaDB, MySQL, PostgreSQL, … */
  public Optional<String> dbmsLabel() {
    if (dbmsVersion != null && dbmsVersion.toLowerCase(Locale.ROOT).contains("mariadb")) {
      return Optional.of("MariaDB"); // MariaDB driven through BenchBase's MYSQL type
    }
    if (dbmsType == null) {
      return Optional.empty();
    }
    return Optional.of(
        switch (dbmsType.toUpperCase(Locale.ROOT)) {
          case "MARIADB" -> "MariaDB";
          case "MYSQL" -> "MySQL";
          case "POSTGRES" -> "PostgreSQL";
          case "COCKROACHDB" -> "CockroachDB";
          case "SQLSERVER" -> "SQL Server";
          case "ORACLE" -> "Oracle";
          default -> dbmsType;
        });
  }
}
