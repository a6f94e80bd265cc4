package io.benchlake.web;

import static io.benchlake.web.Html.esc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.alerts.AlertFilter;
import io.benchlake.analytics.QueryResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The alerts queue and one alert's page: its series, provenance, history and triage. */
final class AlertPages {
  private static final ObjectMapper JSON = new ObjectMapper();

  private AlertPages() {}

  /** The queue: filters as a GET form (the URL is the state), the alerts, triage of the ticked. */
  static String list(
      AlertFilter f, Map<String, List<String>> choices, QueryResult r, String permalink) {
    StringBuilder b = new StringBuilder("<form method=\"get\" action=\"/alerts\" id=\"filters\">");
    b.append("<label>state ")
        .append(Html.select("state", AlertFilter.STATES, f.state(), false))
        .append("</label> <label>kind ")
        .append(Html.select("kind", choices.getOrDefault("kind", List.of()), f.kind(), true))
        .append("</label> <label>test ")
        .append(Html.select("test", choices.getOrDefault("test", List.of()), f.test(), true))
        .append("</label> <label>testbed ")
        .append(
            Html.select("testbed", choices.getOrDefault("testbed", List.of()), f.testbed(), true))
        .append("</label> <label>since <input type=\"date\" name=\"since\" value=\"")
        .append(f.since() == null ? "" : f.since())
        .append("\"></label> <button type=\"submit\">Show</button></form>\n");
    b.append("<p>")
        .append(r.rows().size())
        .append(" alerts")
        .append("all".equals(f.state()) ? "" : " " + esc(f.state()))
        .append(". Tick alerts to triage them together.</p>\n");
    b.append(downloads(permalink));
    b.append("<table id=\"alerts\"><thead><tr><th></th>");
    r.columns().forEach(c -> b.append("<th>").append(esc(c)).append("</th>"));
    b.append("</tr></thead><tbody>\n");
    int id = r.columns().indexOf("alert_id");
    int direction = r.columns().indexOf("direction");
    for (List<Object> row : r.rows()) {
      String alertId = String.valueOf(row.get(id));
      b.append("<tr class=\"").append(esc(row.get(direction))).append("\"><td>");
      b.append("<input type=\"checkbox\" name=\"alert\" value=\"")
          .append(esc(alertId))
          .append("\">");
      b.append("</td>");
      for (int i = 0; i < row.size(); i++) {
        b.append("<td>").append(cell(r.columns().get(i), row.get(i))).append("</td>");
      }
      b.append("</tr>\n");
    }
    b.append("</tbody></table>\n").append(triageForm(null));
    return Html.page("Alerts", "Alerts", b.toString(), false);
  }

  /** One alert: what and where, its series with the run it was located at, provenance, history. */
  static String alert(String id, QueryResult row, QueryResult history, QueryResult series) {
    Map<String, Object> a = new LinkedHashMap<>();
    for (int i = 0; i < row.columns().size(); i++) {
      a.put(row.columns().get(i), row.rows().get(0).get(i));
    }
    StringBuilder b = new StringBuilder();
    b.append("<p id=\"alert-state\" class=\"")
        .append(esc(a.get("direction")))
        .append("\">")
        .append(esc(a.get("kind")))
        .append(" (")
        .append(esc(a.get("direction")))
        .append(") in ")
        .append(esc(a.get("test_name")))
        .append(" ")
        .append(esc(a.get("metric")))
        .append(" at ")
        .append(esc(a.get("threads")))
        .append(" threads on ")
        .append(esc(a.get("testbed")))
        .append(": <strong id=\"state\">")
        .append(esc(a.get("state")))
        .append("</strong></p>\n");
    b.append(triageForm(id));
    Object located = a.get("located_run_id");
    b.append("<h2>Series</h2>\n<p>")
        .append(series.rows().size())
        .append(
            " runs; the run the alert is located at is marked red. Click a point to open its"
                + " run.</p>\n<div id=\"trend-chart\"></div>\n")
        .append(Html.data("trend-data", chartData(series, located)));
    Object provenance = a.remove("provenance_json");
    b.append("<h2>Alert</h2>\n").append(linkedProperties(a));
    if (provenance != null) {
      b.append("<h2>Provenance</h2>\n").append(provenance(provenance.toString()));
    }
    b.append("<h2>History</h2>\n").append(Html.table("history", history, null));
    return Html.page("Alert " + id, "Alerts", b.toString(), true);
  }

  private static Map<String, Object> chartData(QueryResult series, Object located) {
    List<Object> runs = new ArrayList<>();
    List<Object> labels = new ArrayList<>();
    List<Object> values = new ArrayList<>();
    List<Integer> marked = new ArrayList<>();
    for (List<Object> p : series.rows()) {
      if (p.get(0).equals(located)) {
        marked.add(runs.size());
      }
      runs.add(p.get(0));
      labels.add(p.get(1) + " " + p.get(2));
      values.add(p.get(4));
    }
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("runs", runs);
    d.put("labels", labels);
    d.put("values", values);
    d.put("changes", marked);
    d.put("mark", "the alert's run");
    return d;
  }

  /** The provenance's fields, nested values as their JSON text. */
  private static String provenance(String json) {
    Map<String, Object> p = new LinkedHashMap<>();
    try {
      JsonNode n = JSON.readTree(json);
      n.fields()
          .forEachRemaining(
              f ->
                  p.put(
                      f.getKey(),
                      f.getValue().isContainerNode()
                          ? f.getValue().toString()
                          : f.getValue().asText()));
    } catch (JsonProcessingException e) {
      p.put("provenance", json);
    }
    return Html.properties(p);
  }

  private static String linkedProperties(Map<String, Object> row) {
    StringBuilder h = new StringBuilder("<table class=\"properties\" id=\"alert\"><tbody>\n");
    row.forEach(
        (k, v) ->
            h.append("<tr><th>")
                .append(esc(k))
                .append("</th><td>")
                .append(cell(k, v))
                .append("</td></tr>\n"));
    return h.append("</tbody></table>\n").toString();
  }

  /** A value as text; an alert's id links to its page, a run's to its. */
  private static String cell(String column, Object v) {
    if (v == null) {
      return "";
    }
    String text = String.valueOf(v);
    return switch (column) {
      case "alert_id" -> "<a href=\"/alerts/" + esc(Html.url(text)) + "\">" + esc(text) + "</a>";
      case "located_run_id", "run_id" ->
          "<a href=\"/runs/" + esc(Html.url(text)) + "\">" + esc(text) + "</a>";
      default -> esc(text);
    };
  }

  private static String downloads(String permalink) {
    String sep = permalink.contains("?") ? "&" : "?";
    return "<p class=\"downloads\">Download: <a href=\""
        + esc(permalink + sep + "format=csv")
        + "\">CSV</a> <a href=\""
        + esc(permalink + sep + "format=json")
        + "\">JSON</a></p>\n";
  }

  /**
   * The triage buttons with a link and a note; {@code alertId} null: the ticked alerts of the list.
   * The page asks for the token once; the answer comes when the warehouse shows the triage.
   */
  private static String triageForm(String alertId) {
    StringBuilder b = new StringBuilder("<form id=\"triage\"");
    if (alertId != null) {
      b.append(" data-alerts=\"").append(esc(alertId)).append('"');
    }
    b.append("><label>link <input name=\"link\" size=\"30\" placeholder=\"URL or ticket\"></label>")
        .append(" <label>note <input name=\"note\" size=\"40\"></label> ");
    for (AlertTriageState s : AlertTriageState.values()) {
      b.append("<button type=\"submit\" name=\"state\" value=\"")
          .append(s.verb())
          .append("\">")
          .append(s.verb())
          .append("</button> ");
    }
    return b.append("<span id=\"triage-result\"></span></form>\n").toString();
  }
}
