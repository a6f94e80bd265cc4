package io.benchlake.importers.taf;

import io.benchlake.core.Labels;
import io.benchlake.importers.SourceFile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Parses the TAF comparison report layout (docs/architecture.md, The TAF report layout): the tab
 * tables are authoritative; Config Contents is taken from the vertical listing after Database Info,
 * which keeps the cnf's line breaks that the tab table flattens.
 */
public final class TafReportParser {
  /** The properties that become names of runs (a test, a tag, a host, a suite). */
  private static final java.util.Set<String> LABELS =
      java.util.Set.of("Test Name", "Test Case Tag", "Test Suite", "Host");

  private TafReportParser() {}

  public static TafReport parse(SourceFile f) {
    List<String> lines = f.lines();
    int comparison = find(f, 0, "Comparison: ");
    List<String> title = lines.subList(0, comparison).stream().filter(l -> !l.isBlank()).toList();
    String metric = lines.get(comparison).substring("Comparison: ".length()).trim();
    if (metric.isEmpty()) {
      throw f.error(comparison, "expected a metric after 'Comparison: '");
    }
    int header = nextNonBlank(f, comparison + 1);
    String[] head = lines.get(header).split("\t", -1);
    if (!head[0].equals("Threads") || head.length < 2) {
      throw f.error(header, "expected the table header 'Threads<TAB>dataset…'");
    }
    List<String> datasets = List.of(head).subList(1, head.length);
    for (int d = 0; d < datasets.size(); d++) {
      Optional<String> notALabel = Labels.problem("dataset column " + (d + 1), datasets.get(d));
      if (notALabel.isPresent()) {
        throw f.error(header, notALabel.get());
      }
      if (datasets.get(d).isBlank() || datasets.indexOf(datasets.get(d)) != d) {
        throw f.error(
            header,
            "dataset column "
                + (d + 1)
                + " is "
                + (datasets.get(d).isBlank() ? "blank" : "'" + datasets.get(d) + "' a second time")
                + ": each column needs its own label");
      }
    }
    Map<String, Map<String, String>> system = new LinkedHashMap<>();
    Map<String, Map<String, String>> database = new LinkedHashMap<>();
    Map<String, Map<String, String>> test = new LinkedHashMap<>();
    int at = optionalSection(f, header, "System Info (per dataset)", datasets, system);
    int dbAt = optionalSection(f, at, "Database Info (per dataset)", datasets, database);
    int testAt = optionalSection(f, dbAt, "Test Info (per dataset)", datasets, test);
    if (dbAt > at) {
      configContentsFromListing(f, dbAt, testAt, datasets, database);
    }
    TafTables tables = new TafTables(f, datasets);
    tables.comparison(header + 1);
    for (int i = testAt; i < lines.size(); i++) {
      if (lines.get(i).startsWith("Thread Count: ")) {
        i = tables.threadCount(i);
      }
    }
    if (tables.iterations.isEmpty()) {
      throw f.error(
          lines.size() - 1, "no 'Thread Count: N' tables: the report has no iteration values");
    }
    return new TafReport(
        f, title, metric, datasets, system, database, test, tables.iterations, tables.printed);
  }

  private static int find(SourceFile f, int from, String prefix) {
    for (int i = from; i < f.lines().size(); i++) {
      if (f.lines().get(i).startsWith(prefix)) {
        return i;
      }
    }
    throw f.error(
        Math.max(0, f.lines().size() - 1),
        "not a TAF report: no line starting with '" + prefix.trim() + "'");
  }

  static int nextNonBlank(SourceFile f, int from) {
    for (int i = from; i < f.lines().size(); i++) {
      if (!f.lines().get(i).isBlank()) {
        return i;
      }
    }
    throw f.error(f.lines().size() - 1, "the report ends early (a missing table?)");
  }

  /**
   * Reads a "Property" tab table after {@code heading}; returns the line after it (or {@code
   * from}).
   */
  private static int optionalSection(
      SourceFile f,
      int from,
      String heading,
      List<String> datasets,
      Map<String, Map<String, String>> into) {
    List<String> lines = f.lines();
    int at = lines.indexOf(heading);
    if (at < from) {
      return from;
    }
    int header = nextNonBlank(f, at + 1);
    if (!lines.get(header).startsWith("Property\t")) {
      throw f.error(
          header, "expected the table header 'Property<TAB>dataset…' after '" + heading + "'");
    }
    datasets.forEach(d -> into.put(d, new LinkedHashMap<>()));
    int j = header + 1;
    for (; j < lines.size() && !lines.get(j).isBlank(); j++) {
      String[] cells = lines.get(j).split("\t", -1);
      if (cells.length != datasets.size() + 1) {
        throw f.error(
            j, "expected " + (datasets.size() + 1) + " tab-separated cells, found " + cells.length);
      }
      for (int d = 0; d < datasets.size(); d++) {
        if (!cells[d + 1].isBlank()) {
          if (LABELS.contains(cells[0])) {
            Optional<String> notALabel = Labels.problem(cells[0], cells[d + 1]);
            if (notALabel.isPresent()) {
              throw f.error(j, notALabel.get());
            }
          }
          into.get(datasets.get(d)).put(cells[0], cells[d + 1]);
        }
      }
    }
    return j;
  }

  /**
   * Takes each dataset's Config Contents with its line breaks from the vertical listing: the lines
   * after the "Config Contents" item, split so that each part flattens to the tab cell.
   */
  private static void configContentsFromListing(
      SourceFile f,
      int from,
      int to,
      List<String> datasets,
      Map<String, Map<String, String>> database) {
    List<String> lines = f.lines();
    int start = -1;
    for (int i = from; i < to; i++) {
      if (lines.get(i).equals("Config Contents")) {
        start = i + 1;
      }
    }
    if (start < 0) {
      return;
    }
    int end = lines.indexOf("Test Info (per dataset)");
    if (end < start) {
      end = to;
    }
    List<String> region = lines.subList(start, end);
    List<String> wanted =
        datasets.stream().map(d -> database.get(d).get("Config Contents")).toList();
    if (wanted.stream().anyMatch(w -> w == null)) {
      return;
    }
    List<String> parts = new ArrayList<>();
    if (wanted.stream().distinct().count() == 1) {
      String whole = String.join("\n", region).strip();
      if (flat(whole).equals(flat(wanted.get(0)))) {
        datasets.forEach(d -> database.get(d).put("Config Contents", whole + "\n"));
      }
      return;
    }
    int i = 0;
    for (String target : wanted) {
      StringBuilder acc = new StringBuilder();
      while (i < region.size() && !flat(acc.toString()).equals(flat(target))) {
        acc.append(region.get(i++)).append('\n');
      }
      if (!flat(acc.toString()).equals(flat(target))) {
        return; // the listing does not match the table: keep the flattened cells
      }
      parts.add(acc.toString().strip() + "\n");
    }
    for (int d = 0; d < datasets.size(); d++) {
      database.get(datasets.get(d)).put("Config Contents", parts.get(d));
    }
  }

  private static String flat(String value) {
    return String.join(" ", value.lines().map(String::strip).filter(l -> !l.isEmpty()).toList());
  }
}
