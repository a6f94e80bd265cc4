package io.benchlake.web;

import static io.benchlake.web.Html.esc;

import io.benchlake.analytics.QueryResult;
import io.benchlake.analytics.regress.Verdict;
import io.benchlake.analytics.report.HtmlReport;
import io.benchlake.analytics.report.HtmlTables;
import io.benchlake.analytics.report.ReportTables;
import io.benchlake.analytics.report.ReportVerdicts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The compare, trend and SQL pages. */
final class AnalysisPages {
  private AnalysisPages() {}

  static String compareForm(
      Map<String, List<String>> choices,
      String test,
      String metric,
      String baseline,
      List<String> candidates) {
    StringBuilder b =
        new StringBuilder("<form method=\"get\" action=\"/compare\" id=\"compare-form\">");
    b.append("<label>test ")
        .append(Html.select("test", choices.getOrDefault("test", List.of()), test, true));
    b.append("</label> <label>metric <input name=\"metric\" value=\"")
        .append(esc(metric))
        .append("\"></label> ");
    b.append("<label>baseline ")
        .append(
            Html.select("baseline", choices.getOrDefault("dataset", List.of()), baseline, false))
        .append("</label> <label>candidates <select name=\"candidates\" multiple size=\"4\">");
    for (String d : choices.getOrDefault("dataset", List.of())) {
      b.append("<option value=\"")
          .append(esc(d))
          .append('"')
          .append(candidates.contains(d) ? " selected" : "")
          .append('>')
          .append(esc(d))
          .append("</option>");
    }
    return b.append("</select></label> <button type=\"submit\">Compare</button></form>\n")
        .toString();
  }

  static String compare(String form, Comparison c, String permalink) {
    StringBuilder b = new StringBuilder(form);
    if (c == null) {
      b.append("<p>Pick a baseline and one candidate or more.</p>\n");
      return Html.page("Compare", "Compare", b.toString(), false);
    }
    var r = c.report();
    b.append("<p id=\"verdict\">").append(esc(c.judged().line(r))).append("</p>\n");
    b.append("<p class=\"downloads\">Report as ");
    for (String f : List.of("text", "md", "html", "json")) {
      b.append("<a href=\"")
          .append(esc(permalink + "&format=" + f))
          .append("\">")
          .append(f)
          .append("</a> ");
    }
    b.append("</p>\n<h2>Mean per thread count</h2>\n")
        .append(cells("comparison", ReportTables.comparison(r)));
    b.append("<h2>Change vs ").append(esc(c.baseline())).append("</h2>\n");
    b.append(
        "<table id=\"changes\"><thead><tr><th>candidate</th><th>threads</th><th>baseline mean</th>"
            + "<th>candidate mean</th><th>change %</th><th>p-value</th><th>verdict</th><th>note</th></tr></thead><tbody>\n");
    for (ReportVerdicts.CandidateVerdict cv : c.verdicts()) {
      Verdict v = cv.verdict();
      b.append("<tr class=\"")
          .append(v.kind().name())
          .append("\"><td>")
          .append(esc(cv.candidate()))
          .append("</td><td>")
          .append(v.threads())
          .append("</td><td>")
          .append(String.format(Locale.ROOT, "%.3f", v.baselineMean()))
          .append("</td><td>")
          .append(String.format(Locale.ROOT, "%.3f", v.candidateMean()))
          .append("</td><td>")
          .append(String.format(Locale.ROOT, "%+.2f", v.change() * 100))
          .append("</td><td>")
          .append(v.pValue() == null ? "" : String.format(Locale.ROOT, "%.4f", v.pValue()))
          .append("</td><td>")
          .append(v.kind().name().replace('_', ' '))
          .append("</td><td>")
          .append(esc(v.note()))
          .append("</td></tr>\n");
    }
    b.append("</tbody></table>\n");
    // the charts of `report --format html`, drawn by its script from the same data
    b.append("<h2>")
        .append(esc(r.metric()))
        .append(" by threads</h2>\n")
        .append("<div class=\"chart\" id=\"chart-threads\"></div>\n")
        .append("<h2>Iteration values per thread count</h2>\n<div id=\"chart-iterations\"></div>\n")
        .append("<script type=\"application/json\" id=\"report-data\">")
        .append(HtmlReport.chartData(r, Optional.empty()))
        .append("</script>\n<script src=\"/static/report-charts.js\"></script>\n");
    if (!r.differences().isEmpty()) {
      b.append("<h2>Differences between datasets (besides the version)</h2>\n")
          .append(cells("differences", ReportTables.differences(r)));
    }
    // the report's environment tables: what every dataset shares once, the rest per dataset
    b.append("<details id=\"environment\"><summary>System, database and test info</summary>\n");
    HtmlTables.properties(b, r.datasets(), r.system());
    HtmlTables.properties(b, r.datasets(), r.database());
    HtmlTables.properties(b, r.datasets(), r.testInfo());
    b.append("</details>\n");
    return Html.page("Compare", "Compare", b.toString(), true);
  }

  /** Rows of cells whose first row is the header (the report's tables). */
  static String cells(String id, List<List<String>> rows) {
    if (rows.isEmpty()) {
      return "";
    }
    List<List<Object>> body = new ArrayList<>();
    rows.stream().skip(1).forEach(row -> body.add(new ArrayList<>(row)));
    return Html.table(id, new QueryResult(rows.get(0), body), null);
  }

  static String trendForm(
      Map<String, List<String>> choices,
      String test,
      Integer threads,
      String metric,
      String testbed) {
    return "<form method=\"get\" action=\"/trend\" id=\"trend-form\"><label>test "
        + Html.select("test", choices.getOrDefault("test", List.of()), test, true)
        + "</label> <label>threads <input name=\"threads\" size=\"5\" value=\""
        + (threads == null ? "" : threads)
        + "\"></label> <label>metric <input name=\"metric\" value=\""
        + esc(metric)
        + "\"></label> <label>testbed "
        + Html.select("testbed", choices.getOrDefault("testbed", List.of()), testbed, true)
        + "</label> <button type=\"submit\">Show</button></form>\n";
  }

  static String trend(String form, TrendSeries s, String permalink) {
    StringBuilder b = new StringBuilder(form);
    if (s == null) {
      b.append("<p>Pick a test, a thread count and a metric.</p>\n");
      return Html.page("Trend", "Trend", b.toString(), false);
    }
    b.append("<p>")
        .append(s.points().size())
        .append(" runs, ")
        .append(s.changes().size())
        .append(" change points (red). Click a point to open its run.</p>\n")
        .append("<div id=\"trend-chart\"></div>\n")
        .append(Html.data("trend-data", s.chartData()))
        .append(Html.table("trend-points", s.table(), permalink));
    return Html.page("Trend", "Trend", b.toString(), true);
  }

  static String sql(
      String statement, QueryResult views, QueryResult result, int limit, String permalink) {
    StringBuilder b = new StringBuilder("<form method=\"get\" action=\"/sql\" id=\"sql-form\">");
    b.append("<textarea name=\"q\" rows=\"6\" cols=\"100\">")
        .append(esc(statement == null ? "" : statement))
        .append(
            "</textarea><br><button type=\"submit\">Run</button> <span class=\"hint\">read statements only;"
                + " first ")
        .append(limit)
        .append(" rows; cancelled after 30 s</span></form>\n");
    if (result != null) {
      boolean more = result.rows().size() > limit;
      QueryResult shown =
          more ? new QueryResult(result.columns(), result.rows().subList(0, limit)) : result;
      b.append("<p>")
          .append(shown.rows().size())
          .append(" rows")
          .append(more ? " (more not shown)" : "")
          .append("</p>\n")
          .append(Html.table("sql-result", shown, permalink));
    }
    b.append("<h2>Views</h2>\n").append(Html.table("views", views, null));
    return Html.page("SQL", "SQL", b.toString(), false);
  }
}
