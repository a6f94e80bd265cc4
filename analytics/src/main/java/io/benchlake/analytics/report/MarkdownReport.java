package io.benchlake.analytics.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders a comparison report as Markdown: the text report's blocks as headings and tables, an
 * unstable iteration's value (and a mean over one) marked, explained in the Stability section.
 */
public final class MarkdownReport {
  private MarkdownReport() {}

  public static String render(ComparisonReport r) {
    List<String> out = new ArrayList<>();
    if (!r.title().isEmpty()) {
      out.add("# " + cell(r.title().get(0)));
      r.title().stream().skip(1).forEach(t -> out.add(cell(t)));
    }
    section(out, "Comparison: " + r.metric(), ReportTables.comparison(r, true));
    List<String> peaks = ReportTables.peakLines(r);
    if (!peaks.isEmpty()) {
      out.add("");
      peaks.forEach(p -> out.add("- " + cell(p)));
    }
    if (r.baseline().isPresent()) {
      section(out, "Change vs " + r.baseline().get() + " (%)", ReportTables.changes(r));
    }
    section(out, "System Info", ReportTables.properties(r.datasets(), r.system()));
    section(out, "Database Info", ReportTables.properties(r.datasets(), r.database()));
    section(out, "Test Info", ReportTables.properties(r.datasets(), r.testInfo()));
    for (int threads : r.threads()) {
      section(out, "Thread Count: " + threads, ReportTables.metrics(r, threads, true));
    }
    if (!r.differences().isEmpty()) {
      section(
          out, "Differences between datasets (besides the version)", ReportTables.differences(r));
    }
    if (!r.leftOut().isEmpty()) {
      section(out, ReportTables.LEFT_OUT, ReportTables.leftOut(r));
    }
    if (!ReportTables.computedNote(r).isEmpty()) {
      out.add("");
      out.add(cell(ReportTables.computedNote(r)));
    }
    if (r.stability().isPresent()) {
      List<List<String>> stability = ReportTables.stability(r);
      if (stability.isEmpty()) {
        out.add("");
        out.add("## " + ReportTables.STABILITY);
      } else {
        section(out, ReportTables.STABILITY, stability);
      }
      for (String note : ReportTables.stabilityNotes(r, true)) {
        out.add("");
        out.add(cell(note));
      }
    }
    return String.join("\n", out) + "\n";
  }

  private static void section(List<String> out, String heading, List<List<String>> rows) {
    out.add("");
    out.add("## " + cell(heading));
    out.add("");
    out.add(table(rows).stripTrailing());
  }

  /** Rows (the first the header) as a Markdown table, every cell escaped, ending in a newline. */
  public static String table(List<List<String>> rows) {
    StringBuilder b = new StringBuilder();
    b.append(line(rows.get(0))).append('\n');
    b.append(line(rows.get(0).stream().map(c -> "---").toList())).append('\n');
    rows.stream().skip(1).forEach(row -> b.append(line(row)).append('\n'));
    return b.toString();
  }

  private static String line(List<String> cells) {
    return "| " + String.join(" | ", cells.stream().map(MarkdownReport::cell).toList()) + " |";
  }

  /** A cell as literal text: pipes escaped, HTML disarmed, so data never becomes markup. */
  public static String cell(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("|", "\\|")
        .replace("\n", " ");
  }
}
