package io.benchlake.analytics.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Renders a comparison report as one self-contained HTML file: the report's tables, and charts made
 * with uPlot (inlined) of the metric against threads, of the iteration values at each thread count,
 * and of the per-second series of one iteration. Every value from the data is escaped: as HTML text
 * in the tables, and as JSON with {@code <}, {@code >} and {@code &} escaped for the charts, which
 * only ever set text, never markup.
 */
public final class HtmlReport {
  public static final String UPLOT = "META-INF/resources/webjars/uplot/1.6.30/dist/";
  private static final ObjectMapper JSON = new ObjectMapper();

  private HtmlReport() {}

  public static String render(ComparisonReport r, Optional<TimeSeries> series) {
    StringBuilder h = new StringBuilder();
    String title = r.title().isEmpty() ? r.metric() + " - " + r.test() : r.title().get(0);
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
        .append(esc(title))
        .append("</title>\n<style>")
        .append(resource(UPLOT + "uPlot.min.css"))
        .append(STYLE)
        .append("</style>\n</head><body data-charts=\"pending\">\n");
    h.append("<h1>").append(esc(title)).append("</h1>\n");
    r.title().stream().skip(1).forEach(t -> h.append("<p>").append(esc(t)).append("</p>\n"));
    ReportVerdicts verdicts = ReportVerdicts.of(r);
    if (r.baseline().isPresent()) {
      h.append("<p class=\"verdict\" id=\"verdict\">")
          .append(esc(verdicts.line(r)))
          .append("</p>\n");
    }
    h.append("<h2>Comparison: ").append(esc(r.metric())).append("</h2>\n");
    h.append("<div class=\"chart\" id=\"chart-threads\"></div>\n");
    table(h, ReportTables.comparison(r, true));
    List<String> peaks = ReportTables.peakLines(r);
    if (!peaks.isEmpty()) {
      h.append("<ul class=\"peaks\">\n");
      peaks.forEach(p -> h.append("<li>").append(esc(p)).append("</li>\n"));
      h.append("</ul>\n");
    }
    if (r.baseline().isPresent()) {
      h.append("<h2>Change vs ").append(esc(r.baseline().get())).append(" (%)</h2>\n");
      HtmlTables.changes(h, r, verdicts);
    }
    h.append("<h2>Iteration values per thread count</h2>\n<div id=\"chart-iterations\"></div>\n");
    series.ifPresent(
        s -> {
          h.append("<h2>Per-second series: ")
              .append(s.threads())
              .append(" threads, iteration ")
              .append(s.iteration())
              .append("</h2>\n");
          for (String d : r.datasets()) {
            if (s.points().getOrDefault(d, List.of()).isEmpty()) {
              h.append("<p class=\"no-samples\">")
                  .append(esc(d))
                  .append(": no per-second samples (its source recorded none)</p>\n");
            }
          }
          if (hasSamples(s)) {
            h.append("<div class=\"chart\" id=\"chart-series\"></div>\n");
          }
        });
    if (!r.differences().isEmpty()) {
      h.append("<h2>Differences between datasets (besides the version)</h2>\n");
      table(h, ReportTables.differences(r));
    }
    if (!r.leftOut().isEmpty()) {
      h.append("<h2>").append(esc(ReportTables.LEFT_OUT)).append("</h2>\n");
      table(h, ReportTables.leftOut(r));
    }
    if (!ReportTables.computedNote(r).isEmpty()) {
      h.append("<p>").append(esc(ReportTables.computedNote(r))).append("</p>\n");
    }
    h.append("<h2>System Info</h2>\n");
    HtmlTables.properties(h, r.datasets(), r.system());
    h.append("<h2>Database Info</h2>\n");
    HtmlTables.properties(h, r.datasets(), r.database());
    h.append("<h2>Test Info</h2>\n");
    HtmlTables.properties(h, r.datasets(), r.testInfo());
    for (int threads : r.threads()) {
      h.append("<h2>Thread Count: ").append(threads).append("</h2>\n");
      table(h, ReportTables.metrics(r, threads, true));
    }
    stability(h, r);
    h.append("<script type=\"application/json\" id=\"report-data\">")
        .append(chartData(r, series))
        .append("</script>\n<script>")
        .append(resource(UPLOT + "uPlot.iife.min.js"))
        .append("</script>\n<script>")
        .append(resource("report/charts.js"))
        .append("</script>\n</body></html>\n");
    return h.toString();
  }

  /** The Stability block: the cells' stability and what the mark means; nothing without it. */
  private static void stability(StringBuilder h, ComparisonReport r) {
    if (r.stability().isEmpty()) {
      return;
    }
    h.append("<h2>").append(ReportTables.STABILITY).append("</h2>\n");
    List<List<String>> rows = ReportTables.stability(r);
    if (!rows.isEmpty()) {
      table(h, rows);
    }
    ReportTables.stabilityNotes(r, true)
        .forEach(n -> h.append("<p>").append(esc(n)).append("</p>\n"));
  }

  /** Rows (the first the header) as an HTML table, every cell escaped. */
  public static void table(StringBuilder h, List<List<String>> rows) {
    h.append("<table>\n<thead><tr>");
    rows.get(0).forEach(c -> h.append("<th>").append(esc(c)).append("</th>"));
    h.append("</tr></thead>\n<tbody>\n");
    for (List<String> row : rows.subList(1, rows.size())) {
      h.append("<tr>");
      for (int i = 0; i < row.size(); i++) {
        h.append(i == 0 ? "<th>" : "<td>")
            .append(esc(row.get(i)))
            .append(i == 0 ? "</th>" : "</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</tbody></table>\n");
  }

  /**
   * The data {@code report/charts.js} draws (the dashboard's compare page uses it too), as JSON
   * that cannot end the script element or start markup.
   */
  public static String chartData(ComparisonReport r, Optional<TimeSeries> series) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("metric", r.metric());
    d.put("datasets", r.datasets());
    d.put("threads", r.threads());
    d.put("thread_unit", Peak.unit(r.test()));
    List<Map<String, Object>> peaks = new ArrayList<>();
    for (Peak p : Peak.of(r)) {
      peaks.add(Map.of("dataset", p.dataset(), "threads", p.threads(), "mean", p.mean()));
    }
    d.put("peaks", peaks);
    List<List<Double>> means = new ArrayList<>();
    List<List<Double>> mins = new ArrayList<>();
    List<List<Double>> maxes = new ArrayList<>();
    List<List<List<Double>>> iterations = new ArrayList<>();
    for (String ds : r.datasets()) {
      List<Double> m = new ArrayList<>();
      List<Double> lo = new ArrayList<>();
      List<Double> hi = new ArrayList<>();
      List<List<Double>> its = new ArrayList<>();
      for (int t : r.threads()) {
        m.add(r.at(ds, t).map(ThreadStatistics::mean).orElse(null));
        lo.add(r.at(ds, t).map(ThreadStatistics::min).orElse(null));
        hi.add(r.at(ds, t).map(ThreadStatistics::max).orElse(null));
        its.add(r.at(ds, t).map(ThreadStatistics::iterations).orElse(List.of()));
      }
      means.add(m);
      mins.add(lo);
      maxes.add(hi);
      iterations.add(its);
    }
    d.put("means", means);
    d.put("mins", mins);
    d.put("maxes", maxes);
    d.put("iterations", iterations);
    series.filter(HtmlReport::hasSamples).ifPresent(s -> d.put("series", s.points()));
    return safeJson(d);
  }

  private static boolean hasSamples(TimeSeries s) {
    return s.points().values().stream().anyMatch(p -> !p.isEmpty());
  }

  /** JSON that cannot end a script element or start markup: {@code < > &} as \\u escapes. */
  public static String safeJson(Object value) {
    try {
      return JSON.writeValueAsString(value)
          .replace("<", "\\u003c")
          .replace(">", "\\u003e")
          .replace("&", "\\u0026");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Text as HTML, safe in element content and attribute values. */
  public static String esc(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  /** A bundled file: uPlot's, or a chart script under report/. */
  public static String resource(String name) {
    try (InputStream in = HtmlReport.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static final String STYLE =
      """
      body{font-family:system-ui,sans-serif;margin:2em;color:#222}
      table{border-collapse:collapse;margin:0.5em 0 1.5em}
      th,td{border:1px solid #ccc;padding:2px 8px;text-align:right;font-variant-numeric:tabular-nums}
      tbody th{text-align:left;font-weight:normal}
      td{max-width:40em;overflow-wrap:anywhere}
      .chart,.small{margin:0.5em 0 1.5em}
      .verdict{font-size:1.15em;font-weight:bold}
      td.regression{background:#fdd}
      td.improvement{background:#dfd}
      .p,.same-note,.legend{color:#666;font-size:0.85em}
      table.properties td{text-align:left}
      pre{margin:0;white-space:pre-wrap;text-align:left}
      .small{display:inline-block;margin-right:1em}
      """;
}
