package io.benchlake.importers.taf;

import io.benchlake.importers.PlausibleValues;
import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.PrintedStatistic;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Reads the numeric tables of a TAF report: the Comparison table (each dataset's mean per thread
 * count) and each "Thread Count: N" table (the printed statistics and the Iteration rows, each
 * value kept under its own iteration number). Every row must have as many cells as its header.
 */
final class TafTables {
  /**
   * The statistic each row label of a Thread Count table prints (docs/architecture.md, Statistics).
   */
  private static final Map<String, String> STATISTICS =
      Map.ofEntries(
          Map.entry("Mean", "mean"),
          Map.entry("Max", "max"),
          Map.entry("Min", "min"),
          Map.entry("StdDev", "stddev"),
          Map.entry("CoV", "cov"),
          Map.entry("Median (p50)", "median"),
          Map.entry("Median", "median"),
          Map.entry("p50", "median"),
          Map.entry("p95", "p95"),
          Map.entry("p99", "p99"),
          Map.entry("Skewness", "skewness"));

  /** What benchlake's own report prints in the cell of an iteration an annotation excluded. */
  static final String EXCLUDED = "excluded";

  final Map<Integer, Map<String, SortedMap<Integer, Double>>> iterations = new LinkedHashMap<>();
  final Map<Integer, Map<String, List<PrintedStatistic>>> printed = new LinkedHashMap<>();
  private final SourceFile f;
  private final List<String> datasets;

  TafTables(SourceFile f, List<String> datasets) {
    this.f = f;
    this.datasets = datasets;
  }

  /** The Comparison table's rows from {@code from} to the blank line; returns the line after. */
  int comparison(int from) {
    int j = from;
    for (; j < f.lines().size() && !f.lines().get(j).isBlank(); j++) {
      String[] cells = cells(j);
      int threads = threads(j, cells[0].trim(), "a thread count in the first cell");
      for (int d = 0; d < datasets.size(); d++) {
        String cell = cells[d + 1].trim();
        if (!cell.isEmpty()) {
          TafNumber n = plausible(j, "the mean of " + datasets.get(d), TafNumber.parse(f, j, cell));
          print(threads, datasets.get(d), "mean", n);
        }
      }
    }
    return j;
  }

  /** The "Thread Count: N" table whose title is at {@code at}; returns the line after it. */
  int threadCount(int at) {
    List<String> lines = f.lines();
    int threads =
        threads(at, lines.get(at).substring("Thread Count: ".length()).trim(), "a whole number");
    int header = TafReportParser.nextNonBlank(f, at + 1);
    if (!lines.get(header).startsWith("Metric\t")) {
      throw f.error(header, "expected the table header 'Metric<TAB>dataset…'");
    }
    cells(header);
    Map<String, SortedMap<Integer, Double>> perDataset = new LinkedHashMap<>();
    datasets.forEach(d -> perDataset.put(d, new TreeMap<>()));
    int j = header + 1;
    for (; j < lines.size() && !lines.get(j).isBlank(); j++) {
      String[] cells = cells(j);
      String label = cells[0].trim();
      Integer iteration = iteration(j, label);
      for (int d = 0; d < datasets.size(); d++) {
        String cell = cells[d + 1].trim();
        if (cell.isEmpty() || (iteration != null && cell.equals(EXCLUDED))) {
          continue;
        }
        TafNumber n = TafNumber.parse(f, j, cell);
        if (label.equals("Skewness")) {
          if (Math.abs(n.value()) > PlausibleValues.MAX_NUMBER) {
            throw f.error(j, "a skewness of " + n.value() + "; no sample has one beyond ±1e15");
          }
        } else if (iteration != null || STATISTICS.containsKey(label)) {
          plausible(j, label + " of " + datasets.get(d), n);
        }
        if (iteration != null) {
          perDataset.get(datasets.get(d)).put(iteration, n.value());
        } else if (STATISTICS.containsKey(label)) {
          print(threads, datasets.get(d), STATISTICS.get(label), n);
        }
      }
    }
    if (iterations.containsKey(threads)) {
      throw f.error(at, "a second 'Thread Count: " + threads + "' table");
    }
    iterations.put(threads, perDataset);
    return j;
  }

  /**
   * Refuses a value no benchmark reports (PlausibleValues): a metric's values, and so their mean,
   * minimum, spread and percentiles, are between 0 and 10^15.
   */
  private TafNumber plausible(int line, String what, TafNumber n) {
    PlausibleValues.ofNumber(what, n.value())
        .ifPresent(
            p -> {
              throw f.error(line, p);
            });
    return n;
  }

  private void print(int threads, String dataset, String statistic, TafNumber n) {
    printed
        .computeIfAbsent(threads, t -> new LinkedHashMap<>())
        .computeIfAbsent(dataset, d -> new ArrayList<>())
        .add(new PrintedStatistic(threads, statistic, n.value(), n.decimals()));
  }

  /** The iteration number of an "Iteration N" row label, or null for any other row. */
  private Integer iteration(int line, String label) {
    if (!label.startsWith("Iteration ")) {
      return null;
    }
    return threads(line, label.substring("Iteration ".length()).trim(), "'Iteration N', N ≥ 1");
  }

  private int threads(int line, String text, String expected) {
    try {
      int n = Integer.parseInt(text);
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw f.error(line, "expected " + expected + ", found '" + text + "'");
  }

  /** The tab-separated cells of a table row: exactly one per dataset after the label. */
  private String[] cells(int line) {
    String[] cells = f.lines().get(line).split("\t", -1);
    if (cells.length != datasets.size() + 1) {
      throw f.error(
          line,
          "expected "
              + (datasets.size() + 1)
              + " tab-separated cells (a label and one per dataset, as the header), found "
              + cells.length);
    }
    return cells;
  }
}
