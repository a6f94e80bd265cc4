package io.benchlake.analytics.report;

import static io.benchlake.analytics.report.HtmlReport.esc;

import io.benchlake.analytics.regress.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The HTML report's tables that differ from the text formats': the change table coloured by
 * significance with its p-values, and property tables that print a value the datasets share once.
 */
public final class HtmlTables {
  private HtmlTables() {}

  /**
   * Threads, then each candidate's change in percent (as {@link ReportTables#changes}) with its
   * p-value, the cell coloured when the change is significant and beyond the threshold.
   */
  public static void changes(StringBuilder h, ComparisonReport r, ReportVerdicts verdicts) {
    List<List<String>> rows = ReportTables.changes(r);
    h.append("<table class=\"changes\">\n<thead><tr>");
    rows.get(0).forEach(c -> h.append("<th>").append(esc(c)).append("</th>"));
    h.append("</tr></thead>\n<tbody>\n");
    for (int i = 1; i < rows.size(); i++) {
      List<String> row = rows.get(i);
      int threads = r.threads().get(i - 1);
      h.append("<tr><th>").append(esc(row.get(0))).append("</th>");
      for (int c = 1; c < row.size(); c++) {
        String dataset = r.datasets().get(c - 1);
        Optional<Verdict> v = verdicts.at(dataset, threads);
        String kind = v.map(x -> x.kind().name()).orElse("");
        h.append("<td").append(kind.isEmpty() ? "" : " class=\"" + kind + "\"").append('>');
        h.append(esc(row.get(c)));
        if (v.isPresent() && v.get().pValue() != null) {
          double p = v.get().pValue();
          h.append(" <span class=\"p\">")
              .append(p < 0.001 ? "p&lt;0.001" : "p=" + esc(ReportTables.number(p, 3)))
              .append("</span>");
        }
        h.append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</tbody></table>\n<p class=\"legend\">Red: a regression, green: an improvement")
        .append(" (Welch's t-test over the iterations, p &lt; ")
        .append(ReportVerdicts.ALPHA)
        .append(", a change beyond ±")
        .append(Math.round(ReportVerdicts.THRESHOLD * 100))
        .append(" %); uncoloured: unchanged.</p>\n");
  }

  /**
   * Property, then each dataset's value. A value every dataset shares is printed once across the
   * columns; of a multi-line value (a cnf) the lines every dataset shares are printed once and each
   * dataset's cell holds only its other lines.
   */
  public static void properties(StringBuilder h, List<String> datasets, PropertyTable t) {
    int n = datasets.size();
    h.append("<table class=\"properties\">\n<thead><tr><th>Property</th>");
    datasets.forEach(d -> h.append("<th>").append(esc(d)).append("</th>"));
    h.append("</tr></thead>\n<tbody>\n");
    for (String name : t.names()) {
      List<String> values = datasets.stream().map(d -> t.value(d, name)).toList();
      boolean multiLine = values.stream().anyMatch(v -> v != null && v.strip().contains("\n"));
      if (n > 1 && values.stream().allMatch(v -> Objects.equals(v, values.get(0)))) {
        h.append("<tr class=\"same\"><th>").append(esc(name)).append("</th>");
        h.append("<td colspan=\"").append(n).append("\">").append(cell(values.get(0), multiLine));
        h.append(" <span class=\"same-note\">(every dataset)</span></td></tr>\n");
      } else if (n > 1 && multiLine) {
        Set<String> common = commonLines(values);
        if (!common.isEmpty()) {
          h.append("<tr class=\"same\"><th>").append(esc(name)).append(" (every dataset)</th>");
          h.append("<td colspan=\"").append(n).append("\"><pre>");
          h.append(esc(String.join("\n", common))).append("</pre></td></tr>\n");
        }
        h.append("<tr><th>").append(esc(name)).append(common.isEmpty() ? "" : " (only here)");
        h.append("</th>");
        for (String v : values) {
          List<String> own = lines(v).stream().filter(l -> !common.contains(l)).toList();
          h.append("<td><pre>").append(esc(String.join("\n", own))).append("</pre></td>");
        }
        h.append("</tr>\n");
      } else {
        h.append("<tr><th>").append(esc(name)).append("</th>");
        values.forEach(v -> h.append("<td>").append(esc(ReportTables.flat(v))).append("</td>"));
        h.append("</tr>\n");
      }
    }
    h.append("</tbody></table>\n");
  }

  private static String cell(String value, boolean multiLine) {
    return multiLine
        ? "<pre>" + esc(String.join("\n", lines(value))) + "</pre>"
        : esc(ReportTables.flat(value));
  }

  /** The value's non-blank lines, stripped. */
  private static List<String> lines(String value) {
    return value == null
        ? List.of()
        : value.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
  }

  /** The lines every value has, in the first value's order. */
  private static Set<String> commonLines(List<String> values) {
    Set<String> common = new LinkedHashSet<>(lines(values.get(0)));
    for (String v : values.subList(1, values.size())) {
      common.retainAll(new ArrayList<>(lines(v)));
    }
    return common;
  }
}
