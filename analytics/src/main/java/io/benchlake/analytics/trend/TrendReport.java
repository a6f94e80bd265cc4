package io.benchlake.analytics.trend;

import io.benchlake.analytics.report.HtmlReport;
import io.benchlake.analytics.report.ReportTables;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Renders a trend as text (tab-separated), Markdown, JSON or one self-contained HTML file. */
public final class TrendReport {
  public static final String FORMAT = "benchlake.trend/1";

  private TrendReport() {}

  private static List<List<String>> rows(Trend t) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(
        List.of(
            "Series",
            t.by().equals("month") ? "Month" : "Release",
            "Runs",
            "Iterations",
            "Mean",
            "Change (%)",
            "Marker"));
    for (Trend.Point p : t.points()) {
      rows.add(
          List.of(
              p.series(),
              p.key(),
              String.valueOf(p.runs()),
              String.valueOf(p.iterations()),
              ReportTables.number(p.mean(), 3),
              p.changePct() == null ? "" : ReportTables.number(p.changePct(), 2),
              p.marker() == null ? "" : p.marker()));
    }
    return rows;
  }

  private static String heading(Trend t) {
    return t.metric() + " of " + t.test() + " at " + t.threads() + " threads, by " + t.by();
  }

  public static String text(Trend t) {
    StringBuilder b = new StringBuilder(heading(t)).append("\n\n");
    rows(t).forEach(r -> b.append(String.join("\t", r)).append('\n'));
    return b.toString();
  }

  public static String markdown(Trend t) {
    StringBuilder b =
        new StringBuilder("## ")
            .append(io.benchlake.analytics.report.MarkdownReport.cell(heading(t)))
            .append("\n\n");
    b.append(io.benchlake.analytics.report.MarkdownReport.table(rows(t)));
    return b.toString();
  }

  public static String json(Trend t) {
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper()
              .enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
              .writeValueAsString(tree(t))
          + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, Object> tree(Trend t) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("format", FORMAT);
    m.put("test", t.test());
    m.put("threads", t.threads());
    m.put("metric", t.metric());
    m.put("by", t.by());
    List<Map<String, Object>> points = new ArrayList<>();
    for (Trend.Point p : t.points()) {
      Map<String, Object> pm = new LinkedHashMap<>();
      pm.put("series", p.series());
      pm.put(t.by(), p.key());
      pm.put("runs", p.runs());
      pm.put("iterations", p.iterations());
      pm.put("mean", p.mean());
      pm.put("change_pct", p.changePct());
      pm.put("marker", p.marker());
      points.add(pm);
    }
    m.put("points", points);
    return m;
  }

  public static String html(Trend t) {
    StringBuilder h = new StringBuilder();
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
        .append(HtmlReport.esc(heading(t)))
        .append("</title>\n<style>")
        .append(HtmlReport.resource(HtmlReport.UPLOT + "uPlot.min.css"))
        .append(HtmlReport.STYLE)
        .append("</style>\n</head><body data-charts=\"pending\">\n<h1>")
        .append(HtmlReport.esc(heading(t)))
        .append("</h1>\n<div class=\"chart\" id=\"chart-trend\"></div>\n");
    HtmlReport.table(h, rows(t));
    h.append("<script type=\"application/json\" id=\"trend-data\">")
        .append(HtmlReport.safeJson(tree(t)))
        .append("</script>\n<script>")
        .append(HtmlReport.resource(HtmlReport.UPLOT + "uPlot.iife.min.js"))
        .append("</script>\n<script>")
        .append(HtmlReport.resource("report/trend.js"))
        .append("</script>\n</body></html>\n");
    return h.toString();
  }
}
