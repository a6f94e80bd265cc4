package io.benchlake.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.analytics.QueryResult;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The pages' building blocks: every value from the data goes through {@link #esc} (as text) or
 * {@link #data} (as JSON a script reads, never as markup), so a dataset named {@code <script>}
 * shows as those characters.
 */
final class Html {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String[]> NAV =
      List.of(
          new String[] {"/", "Overview"},
          new String[] {"/runs", "Runs"},
          new String[] {"/compare", "Compare"},
          new String[] {"/trend", "Trend"},
          new String[] {"/alerts", "Alerts"},
          new String[] {"/sql", "SQL"});

  private Html() {}

  static String esc(Object value) {
    if (value == null) {
      return "";
    }
    String s = String.valueOf(value);
    StringBuilder out = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  static String url(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  /**
   * {@code value} as JSON inside a {@code <script type="application/json">}: {@code <}, {@code >}
   * and {@code &} escaped, so no value can close the script element.
   */
  static String data(String id, Object value) {
    try {
      String json =
          JSON.writeValueAsString(value)
              .replace("<", "\\u003c")
              .replace(">", "\\u003e")
              .replace("&", "\\u0026");
      return "<script type=\"application/json\" id=\"" + id + "\">" + json + "</script>\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the page's data as JSON", e);
    }
  }

  /** A whole page: head, the navigation with {@code active} marked, the body, the scripts. */
  static String page(String title, String active, String body, boolean charts) {
    StringBuilder h = new StringBuilder(body.length() + 2048);
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
        .append(esc(title))
        .append(" - benchlake</title>\n")
        .append("<link rel=\"stylesheet\" href=\"/static/dashboard.css\">\n");
    if (charts) {
      h.append("<link rel=\"stylesheet\" href=\"/static/uPlot.min.css\">\n")
          .append("<script src=\"/static/uPlot.iife.min.js\"></script>\n");
    }
    h.append("</head><body>\n<nav>");
    for (String[] item : NAV) {
      h.append("<a href=\"")
          .append(item[0])
          .append('"')
          .append(item[1].equals(active) ? " class=\"active\"" : "")
          .append('>')
          .append(item[1])
          .append("</a>");
    }
    h.append("<span id=\"token-state\"></span></nav>\n<main>\n<h1>")
        .append(esc(title))
        .append("</h1>\n")
        .append(body)
        .append("</main>\n<script src=\"/static/dashboard.js\"></script>\n</body></html>\n");
    return h.toString();
  }

  /**
   * A table of a query's rows; a {@code run_id} column links to its run. {@code downloads}: the
   * page's URL without a format, to offer the table as CSV and JSON (null: no links).
   */
  static String table(String id, QueryResult r, String downloads) {
    StringBuilder h = new StringBuilder();
    if (downloads != null) {
      String sep = downloads.contains("?") ? "&" : "?";
      h.append("<p class=\"downloads\">Download: <a href=\"")
          .append(esc(downloads + sep + "format=csv"))
          .append("\">CSV</a> <a href=\"")
          .append(esc(downloads + sep + "format=json"))
          .append("\">JSON</a></p>\n");
    }
    h.append("<table id=\"").append(id).append("\"><thead><tr>");
    r.columns().forEach(c -> h.append("<th>").append(esc(c)).append("</th>"));
    h.append("</tr></thead><tbody>\n");
    int runColumn = r.columns().indexOf("run_id");
    for (List<Object> row : r.rows()) {
      h.append("<tr>");
      for (int i = 0; i < row.size(); i++) {
        Object v = row.get(i);
        h.append("<td>");
        if (i == runColumn && v != null) {
          h.append("<a href=\"/runs/")
              .append(esc(url(String.valueOf(v))))
              .append("\">")
              .append(esc(v))
              .append("</a>");
        } else {
          h.append(esc(v));
        }
        h.append("</td>");
      }
      h.append("</tr>\n");
    }
    return h.append("</tbody></table>\n").toString();
  }

  /** A key-value table of one row. */
  static String properties(Map<String, Object> row) {
    StringBuilder h = new StringBuilder("<table class=\"properties\"><tbody>\n");
    row.forEach(
        (k, v) ->
            h.append("<tr><th>")
                .append(esc(k))
                .append("</th><td><pre>")
                .append(esc(v))
                .append("</pre></td></tr>\n"));
    return h.append("</tbody></table>\n").toString();
  }

  /** A select of {@code options} named {@code name}, {@code chosen} selected, blank for "any". */
  static String select(String name, List<String> options, String chosen, boolean blank) {
    StringBuilder h = new StringBuilder("<select name=\"").append(esc(name)).append("\">");
    if (blank) {
      h.append("<option value=\"\">any</option>");
    }
    for (String o : options) {
      h.append("<option value=\"")
          .append(esc(o))
          .append('"')
          .append(o.equals(chosen) ? " selected" : "")
          .append('>')
          .append(esc(o))
          .append("</option>");
    }
    return h.append("</select>").toString();
  }
}
