package io.benchlake.cli;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures a sysbench summary prints, read from its text with the labels each generation prints
 * (0.4's and 0.5's {@code OLTP test statistics:}, 1.0's and 1.1's {@code SQL statistics:}), keyed
 * by the metric the importer is to store them as: what a round trip checks the warehouse against.
 */
final class PrintedFigures {
  private PrintedFigures() {}

  private static final Pattern TPS =
      Pattern.compile("transactions:\\s+\\d+\\s+\\(([0-9.]+) per sec");
  private static final Pattern QPS =
      Pattern.compile("\\n\\s+queries:\\s+\\d+\\s+\\(([0-9.]+) per sec");
  private static final Pattern READ_WRITE =
      Pattern.compile("read/write requests:\\s+\\d+\\s+\\(([0-9.]+) per sec");
  private static final Pattern OTHER =
      Pattern.compile("other operations:\\s+\\d+\\s+\\(([0-9.]+) per sec");
  private static final Pattern PERCENTILE =
      Pattern.compile(
          "\\n\\s+(?:approx\\.\\s+(\\d+) percentile|(\\d+)th percentile):\\s+([0-9.]+)");
  private static final Map<String, Pattern> COUNTS =
      Map.of(
          "transactions", Pattern.compile("transactions:\\s+(\\d+)"),
          "queries", Pattern.compile("\\n\\s+total:\\s+(\\d+)"),
          "errors", Pattern.compile("ignored errors:\\s+(\\d+)"),
          "reconnects", Pattern.compile("\\n\\s+reconnects:\\s+(\\d+)"),
          "deadlocks", Pattern.compile("deadlocks:\\s+(\\d+)"),
          "latency_min_ms", Pattern.compile("\\n\\s+min:\\s+([0-9.]+)"),
          "latency_avg_ms", Pattern.compile("\\n\\s+avg:\\s+([0-9.]+)"),
          "latency_max_ms", Pattern.compile("\\n\\s+max:\\s+([0-9.]+)"));

  /** Metric → value of every figure the summary in {@code log} prints; empty without one. */
  static Map<String, Double> summary(String log) {
    Map<String, Double> out = new TreeMap<>();
    first(TPS, log).ifPresent(v -> out.put("TPS", v));
    first(QPS, log)
        .or(() -> first(READ_WRITE, log).flatMap(rw -> first(OTHER, log).map(o -> rw + o)))
        .ifPresent(v -> out.put("QPS", v));
    COUNTS.forEach((metric, p) -> first(p, log).ifPresent(v -> out.put(metric, v)));
    Matcher m = PERCENTILE.matcher(log);
    while (m.find()) {
      String digits = m.group(1) != null ? m.group(1) : m.group(2);
      // a patched build's 999th is the 99.9th, 9999th the 99.99th
      String pct =
          digits.length() <= 2 ? digits : digits.substring(0, 2) + "." + digits.substring(2);
      out.put("latency_p" + pct + "_ms", Double.parseDouble(m.group(3)));
    }
    return out;
  }

  /** The first group of {@code p}'s first match in {@code text}, as a number. */
  static java.util.Optional<Double> first(Pattern p, String text) {
    Matcher m = p.matcher(text);
    return m.find()
        ? java.util.Optional.of(Double.parseDouble(m.group(1)))
        : java.util.Optional.empty();
  }

  /**
   * Interval lines of every generation: {@code [ 10s] threads: 64, tps: …}, {@code [ 1s ] thds: 4
   * tps: …}.
   */
  static final Pattern INTERVAL =
      Pattern.compile("(?m)^\\[ *\\d+s *\\] (?:threads|thds): \\d+,? tps: ([0-9.]+)");
}
