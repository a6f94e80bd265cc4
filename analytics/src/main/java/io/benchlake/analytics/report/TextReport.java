package io.benchlake.analytics.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders a comparison report in the layout of the TAF reports users already read: tab-separated
 * tables, blank lines between blocks, a vertical listing after Database and Test Info. A baseline
 * adds a change table after the comparison; each dataset's peak on the ladder, differences between
 * the datasets, what was left out and the runs' stability close the report (after the TAF layout:
 * the TAF importer reads only its Thread Count tables there, and leaves these alone).
 */
public final class TextReport {
  private TextReport() {}

  public static String render(ComparisonReport r) {
    List<String> out = new ArrayList<>();
    r.title().forEach(line -> block(out, line));
    block(out, "Comparison: " + r.metric());
    block(out, tsv(ReportTables.comparison(r)));
    if (r.baseline().isPresent()) {
      block(out, "Change vs " + r.baseline().get() + " (%)");
      block(out, tsv(ReportTables.changes(r)));
    }
    block(out, "System Info (per dataset)");
    block(out, tsv(ReportTables.properties(r.datasets(), r.system())));
    block(out, "Database Info (per dataset)");
    block(out, tsv(ReportTables.properties(r.datasets(), r.database())));
    block(out, verticalListing(r.datasets(), r.database()));
    block(out, "Test Info (per dataset)");
    block(out, tsv(ReportTables.properties(r.datasets(), r.testInfo())));
    block(out, verticalListing(r.datasets(), r.testInfo()));
    for (int threads : r.threads()) {
      block(out, "Thread Count: " + threads);
      block(out, tsv(ReportTables.metrics(r, threads)));
    }
    // after the TAF layout, whose reader reads only its Thread Count tables from here on
    List<String> peaks = ReportTables.peakLines(r);
    if (!peaks.isEmpty()) {
      block(out, ReportTables.PEAKS);
      block(out, String.join("\n", peaks));
    }
    if (!r.differences().isEmpty()) {
      block(out, "Differences between datasets (besides the version)");
      block(out, tsv(ReportTables.differences(r)));
    }
    if (!r.leftOut().isEmpty()) {
      block(out, ReportTables.LEFT_OUT);
      block(out, tsv(ReportTables.leftOut(r)));
    }
    if (!ReportTables.computedNote(r).isEmpty()) {
      block(out, ReportTables.computedNote(r));
    }
    if (r.stability().isPresent()) {
      block(out, ReportTables.STABILITY);
      List<List<String>> stability = ReportTables.stability(r);
      if (!stability.isEmpty()) {
        block(out, tsv(stability));
      }
      block(out, String.join("\n", ReportTables.stabilityNotes(r, false)));
    }
    return String.join("\n", out);
  }

  private static void block(List<String> out, String text) {
    out.add(text);
    out.add("");
  }

  private static String tsv(List<List<String>> rows) {
    return String.join("\n", rows.stream().map(row -> String.join("\t", row)).toList());
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

  /** See {@link ReportTables#number}. */
  public static String number(double value, int decimals) {
    return ReportTables.number(value, decimals);
  }
}
