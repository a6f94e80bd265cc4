package io.benchlake.web;

import static io.benchlake.web.Html.esc;

import io.benchlake.analytics.QueryResult;
import io.benchlake.home.BadInputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The overview, the runs list and one run's page. */
final class RunPages {
  private static final int PAGE_SIZE = 50;

  private RunPages() {}

  static String overview(
      WarehouseSource.Freshness fresh,
      String commit,
      QueryResult latest,
      QueryResult failed,
      QueryResult openAlerts) {
    StringBuilder b = new StringBuilder();
    b.append("<section id=\"freshness\" data-commit=\"")
        .append(esc(commit))
        .append("\"><h2>Freshness</h2><p>Last ingest: <span id=\"last-ingest\">")
        .append(fresh.lastIngest() == null ? "never" : esc(fresh.lastIngest()))
        .append("</span>; events not yet ingested: <span id=\"pending\">")
        .append(fresh.pendingEvents() == null ? "unknown" : fresh.pendingEvents())
        .append("</span></p></section>\n");
    b.append("<h2>Latest runs</h2>\n").append(Html.table("latest-runs", latest, "/api/v1/runs"));
    b.append("<h2>Failed runs</h2>\n");
    b.append(
        failed.rows().isEmpty()
            ? "<p id=\"failed-runs\">none</p>\n"
            : Html.table("failed-runs", failed, "/runs?status=failed"));
    b.append("<h2>Open alerts</h2>\n");
    b.append(
        openAlerts.rows().isEmpty()
            ? "<p id=\"open-alerts\">none untriaged</p>\n"
            : Html.table("open-alerts", openAlerts, null)
                + "<p><a href=\"/alerts\">the untriaged alerts</a></p>\n");
    return Html.page("Overview", "Overview", b.toString(), false);
  }

  /** The runs page: filters as a form (GET, so the URL is the state), the page of runs. */
  static String runs(
      DashboardQueries.RunFilter f, Map<String, List<String>> choices, QueryResult r) {
    StringBuilder b = new StringBuilder("<form method=\"get\" action=\"/runs\" id=\"filters\">");
    for (String name : DashboardQueries.RunFilter.FILTERS) {
      String chosen =
          switch (name) {
            case "test" -> f.test();
            case "version" -> f.version();
            case "host" -> f.host();
            case "month" -> f.month();
            default -> f.status();
          };
      b.append("<label>")
          .append(name)
          .append(' ')
          .append(Html.select(name, choices.getOrDefault(name, List.of()), chosen, true))
          .append("</label> ");
    }
    b.append("<label>sort ")
        .append(Html.select("sort", sorted(DashboardQueries.RUN_ORDER.keySet()), f.sort(), false))
        .append("</label> <label>order ")
        .append(Html.select("dir", List.of("desc", "asc"), f.descending() ? "desc" : "asc", false))
        .append("</label> <button type=\"submit\">Show</button></form>\n");
    long total =
        r.rows().isEmpty() ? 0 : ((Number) r.rows().get(0).get(r.columns().size() - 1)).longValue();
    String query = query(f);
    b.append("<p>")
        .append(total)
        .append(" runs; page ")
        .append(f.page())
        .append(" of ")
        .append(Math.max(1, (total + f.size() - 1) / f.size()))
        .append(' ');
    if (f.page() > 1) {
      b.append("<a href=\"/runs?")
          .append(esc(query + "&page=" + (f.page() - 1)))
          .append("\">previous</a> ");
    }
    if ((long) f.page() * f.size() < total) {
      b.append("<a href=\"/runs?")
          .append(esc(query + "&page=" + (f.page() + 1)))
          .append("\" id=\"next\">next</a>");
    }
    b.append("</p>\n").append(Html.table("runs", r, "/runs?" + query + "&page=" + f.page()));
    return Html.page("Runs", "Runs", b.toString(), false);
  }

  static int pageSize() {
    return PAGE_SIZE;
  }

  private static String query(DashboardQueries.RunFilter f) {
    StringBuilder q =
        new StringBuilder("sort=" + f.sort() + "&dir=" + (f.descending() ? "desc" : "asc"));
    String[] values = {f.test(), f.version(), f.host(), f.month(), f.status()};
    for (int i = 0; i < values.length; i++) {
      if (values[i] != null) {
        q.append('&')
            .append(DashboardQueries.RunFilter.FILTERS.get(i))
            .append('=')
            .append(Html.url(values[i]));
      }
    }
    return q.toString();
  }

  private static List<String> sorted(java.util.Collection<String> c) {
    List<String> l = new ArrayList<>(c);
    l.sort(null);
    return l;
  }

  /** One run: its facts and config, its per-second series, its iterations, the annotate form. */
  static String run(
      String id,
      QueryResult detail,
      QueryResult iterations,
      QueryResult series,
      QueryResult notes) {
    if (detail.rows().isEmpty()) {
      throw new NotFound("no run " + id);
    }
    Map<String, Object> facts = new LinkedHashMap<>();
    List<Object> row = detail.rows().get(0);
    for (int i = 0; i < detail.columns().size(); i++) {
      facts.put(detail.columns().get(i), row.get(i));
    }
    Object config = facts.remove("config_contents");
    Map<String, Integer> counters = new TreeMap<>();
    int status = iterations.columns().indexOf("status");
    iterations.rows().forEach(r -> counters.merge(String.valueOf(r.get(status)), 1, Integer::sum));
    StringBuilder b = new StringBuilder();
    b.append("<p id=\"counters\">Iteration values by status: ")
        .append(esc(counters))
        .append("</p>\n");
    b.append("<h2>Environment</h2>\n").append(Html.properties(facts));
    b.append("<h2>Configuration (cnf)</h2>\n<pre id=\"cnf\">")
        .append(config == null ? "(not captured)" : esc(config))
        .append("</pre>\n");
    b.append("<h2>Per-second series</h2>\n<div id=\"series-charts\"></div>\n")
        .append(Html.data("series-data", seriesByIteration(series)));
    b.append("<h2>Iterations</h2>\n")
        .append(
            Html.table("iterations", iterations, "/api/v1/runs/" + Html.url(id) + "/iterations"));
    b.append("<h2>Annotations</h2>\n")
        .append(
            notes.rows().isEmpty()
                ? "<p id=\"annotations\">none</p>\n"
                : Html.table("annotations", notes, null));
    b.append(
        "<form id=\"annotate\" data-run=\""
            + esc(id)
            + "\"><h3>Annotate</h3>"
            + "<label>threads <input name=\"threads\" size=\"5\"></label> "
            + "<label>iteration <input name=\"iteration\" size=\"3\"></label> "
            + "<label><input type=\"radio\" name=\"action\" value=\"exclude\" checked> exclude</label>"
            + "<label><input type=\"radio\" name=\"action\" value=\"include\"> include</label> "
            + "<label>reason <input name=\"reason\" size=\"40\" required></label> "
            + "<button type=\"submit\">Annotate</button> <span id=\"annotate-result\"></span>"
            + "<p class=\"hint\">Published as an event; shows here after the next ingest.</p></form>\n");
    return Html.page("Run " + id, "Runs", b.toString(), true);
  }

  /** The per-second rows as one chart's data per thread count and iteration. */
  static List<Map<String, Object>> seriesByIteration(QueryResult series) {
    Map<String, Map<String, Object>> charts = new LinkedHashMap<>();
    for (List<Object> r : series.rows()) {
      String key = r.get(0) + "/" + r.get(1);
      Map<String, Object> chart =
          charts.computeIfAbsent(
              key,
              k -> {
                Map<String, Object> c = new LinkedHashMap<>();
                c.put("title", r.get(0) + " threads, iteration " + r.get(1));
                for (String column : List.of("offset_s", "tps", "latency_pct_ms", "errors_ps")) {
                  c.put(column, new ArrayList<>());
                }
                return c;
              });
      for (int i = 2; i < 6; i++) {
        @SuppressWarnings("unchecked")
        List<Object> values = (List<Object>) chart.get(series.columns().get(i));
        values.add(r.get(i) instanceof Number n ? n.doubleValue() : null);
      }
    }
    return new ArrayList<>(charts.values());
  }

  /** A page or resource that does not exist: 404 with one line. */
  static final class NotFound extends BadInputException {
    NotFound(String message) {
      super(message);
    }
  }
}
