package io.benchlake.analytics.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Renders a comparison report in the layout of the TAF reports users already read: tab-separated
 * tables, blank lines between blocks, a vertical listing after Database and Test Info.
 */
public final class TextReport {
  private TextReport() {}

  public static String render(ComparisonReport r) {
    List<String> out = new ArrayList<>();
    r.title().forEach(line -> block(out, line));
    block(out, "Comparison: " + r.metric());
    List<String> table = new ArrayList<>();
    table.add(row("Threads", r.datasets()));
    for (int threads : r.threads()) {
      table.add(row(String.valueOf(threads), cells(r, threads, s -> number(s.mean(), 3))));
    }
    block(out, String.join("\n", table));
    block(out, "System Info (per dataset)");
    block(out, propertyTable(r.datasets(), r.system()));
    block(out, "Database Info (per dataset)");
    block(out, propertyTable(r.datasets(), r.database()));
    block(out, verticalListing(r.datasets(), r.database()));
    block(out, "Test Info (per dataset)");
    block(out, propertyTable(r.datasets(), r.testInfo()));
    block(out, verticalListing(r.datasets(), r.testInfo()));
    for (int threads : r.threads()) {
      block(out, "Thread Count: " + threads);
      block(out, metricTable(r, threads));
    }
    return String.join("\n", out);
  }

  private static void block(List<String> out, String text) {
    out.add(text);
    out.add("");
  }

  private static String metricTable(ComparisonReport r, int threads) {
    List<String> lines = new ArrayList<>();
    lines.add(row("Metric", r.datasets()));
    lines.add(row("Mean", cells(r, threads, s -> number(s.mean(), 2))));
    lines.add(row("Max", cells(r, threads, s -> number(s.max(), 2))));
    lines.add(row("Min", cells(r, threads, s -> number(s.min(), 2))));
    lines.add(row("StdDev", cells(r, threads, s -> number(s.stddev(), 2))));
    lines.add(row("CoV", cells(r, threads, s -> s.cov() == null ? "" : number(s.cov(), 2))));
    lines.add(row("Median (p50)", cells(r, threads, s -> number(s.median(), 2))));
    lines.add(row("p95", cells(r, threads, s -> number(s.p95(), 2))));
    lines.add(row("p99", cells(r, threads, s -> number(s.p99(), 2))));
    lines.add(row("Skewness", cells(r, threads, s -> number(s.skewness(), 2))));
    for (int k = 1; k <= r.iterationRows(threads); k++) {
      int index = k - 1;
      lines.add(
          row(
              "Iteration " + k,
              cells(
                  r,
                  threads,
                  s -> index < s.iterations().size() ? number(s.iterations().get(index), 2) : "")));
    }
    return String.join("\n", lines);
  }

  private static List<String> cells(
      ComparisonReport r, int threads, Function<ThreadStatistics, String> cell) {
    return r.datasets().stream().map(d -> r.at(d, threads).map(cell).orElse("")).toList();
  }

  private static String propertyTable(List<String> datasets, PropertyTable table) {
    List<String> lines = new ArrayList<>();
    lines.add(row("Property", datasets));
    for (String name : table.names()) {
      lines.add(row(name, datasets.stream().map(d -> flat(table.value(d, name))).toList()));
    }
    return String.join("\n", lines);
  }

  /** Each item on its own line with a blank line after; values equal across datasets once. */
  private static String verticalListing(List<String> datasets, PropertyTable table) {
    List<String> items = new ArrayList<>();
    items.add("Property");
    items.addAll(datasets);
    for (String name : table.names()) {
      items.add(name);
      List<String> values =
          datasets.stream().map(d -> table.value(d, name)).map(v -> v == null ? "" : v).toList();
      if (values.stream().distinct().count() == 1) {
        items.add(values.get(0).stripTrailing());
      } else {
        values.forEach(v -> items.add(v.stripTrailing()));
      }
    }
    return String.join("\n\n", items);
  }

  /** A value on one line: the tab tables flatten multi-line values such as a cnf. */
  static String flat(String value) {
    if (value == null) {
      return "";
    }
    return String.join(" ", value.lines().map(String::strip).filter(l -> !l.isEmpty()).toList())
        .replace('\t', ' ');
  }

  private static String row(String first, List<String> cells) {
    return first + "\t" + String.join("\t", cells);
  }

  /**
   * A value at a number of decimals, rounded from its exact binary value as C's printf does
   * (String.format rounds the shortest decimal form, which differs on values such as 610841.465,
   * stored as 610841.46499999…).
   */
  public static String number(double value, int decimals) {
    String text = new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    return text.matches("-0\\.0*") ? text.substring(1) : text;
  }
}
