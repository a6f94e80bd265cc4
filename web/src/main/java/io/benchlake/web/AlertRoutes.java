package io.benchlake.web;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchlake.alerts.AlertFilter;
import io.benchlake.alerts.AlertQueries;
import io.benchlake.alerts.AlertShow;
import io.benchlake.alerts.AlertTriage;
import io.benchlake.analytics.QueryResult;
import io.benchlake.home.BadInputException;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The alerts queue and one alert's page, their JSON, and triage: the same queries and the same
 * {@code alert_state} events as {@code benchlake alerts list|show|ack|…}.
 */
final class AlertRoutes {
  private static final int MAX_TEXT = 2000;

  private final ReadSide reads;
  private final EventWriter writer;

  AlertRoutes(ReadSide reads, EventWriter writer) {
    this.reads = reads;
    this.writer = writer;
  }

  void addTo(RoutesConfig r) {
    r.get("/alerts", ctx -> list(ctx, false));
    r.get("/alerts/{id}", this::page);
    r.get("/api/v1/alerts", ctx -> list(ctx, true));
    r.get("/api/v1/alerts/{id}", this::show);
    r.post("/api/v1/alerts/{id}/state", ctx -> triage(ctx, List.of(ctx.pathParam("id"))));
    r.post("/api/v1/alerts/state", ctx -> triage(ctx, null));
  }

  /** The list filters of the URL: state (untriaged unless given), kind, test, testbed, since. */
  static AlertFilter filter(Context ctx) {
    String since = Params.text(ctx, "since");
    LocalDate day = null;
    if (since != null) {
      try {
        day = LocalDate.parse(since);
      } catch (DateTimeParseException e) {
        throw new BadInputException(
            "parameter since must be a date (yyyy-MM-dd), was '" + since + "'");
      }
    }
    return new AlertFilter(
        Params.text(ctx, "state"),
        Params.text(ctx, "kind"),
        Params.text(ctx, "test"),
        Params.text(ctx, "testbed"),
        day);
  }

  private void list(Context ctx, boolean api) {
    AlertFilter f = filter(ctx);
    String format =
        api
            ? Params.oneOf(ctx, "format", "json", java.util.Set.of("csv", "json"))
            : Downloads.format(ctx);
    QueryResult r = reads.answer("alerts " + f, s -> AlertQueries.list(s, f));
    if (!"html".equals(format)) {
      Downloads.send(ctx, r, format, "alerts");
      return;
    }
    Map<String, List<String>> choices =
        reads.answer(
            "alert choices",
            s -> {
              Map<String, List<String>> m = new LinkedHashMap<>();
              for (List<Object> row : DashboardQueries.run(s, "alert_choices.sql").rows()) {
                m.computeIfAbsent(String.valueOf(row.get(0)), k -> new ArrayList<>())
                    .add(String.valueOf(row.get(1)));
              }
              return m;
            });
    ctx.html(AlertPages.list(f, choices, r, Routes.permalink("/alerts", ctx)));
  }

  /** One alert's row and history; a 404 when no alert has the id. */
  private QueryResult[] alert(String id) {
    return reads.answer(
        "alert " + id,
        s -> {
          QueryResult row;
          try {
            row = AlertQueries.show(s, id);
          } catch (BadInputException e) {
            throw new RunPages.NotFound("no alert " + id);
          }
          return new QueryResult[] {row, AlertQueries.history(s, id)};
        });
  }

  private void show(Context ctx) {
    QueryResult[] a = alert(ctx.pathParam("id"));
    Downloads.json(ctx, AlertShow.json(a[0], a[1]));
  }

  private void page(Context ctx) {
    String id = ctx.pathParam("id");
    QueryResult[] a = alert(id);
    QueryResult row = a[0];
    List<Object> values = row.rows().get(0);
    Object test = values.get(row.columns().indexOf("test_name"));
    Object metric = values.get(row.columns().indexOf("metric"));
    Object threads = values.get(row.columns().indexOf("threads"));
    Object testbed = values.get(row.columns().indexOf("testbed"));
    QueryResult series =
        reads.answer(
            "alert series " + id,
            s -> DashboardQueries.run(s, "alert_series.sql", test, metric, threads, testbed));
    ctx.html(AlertPages.alert(id, row, a[1], series));
  }

  /**
   * A triage of {@code ids} (null: the body's {@code ids}) with the body's state, link and note;
   * answered once the warehouse shows it.
   */
  private void triage(Context ctx, List<String> ids) {
    JsonNode body = Routes.body(ctx, "{state, link?, note?" + (ids == null ? ", ids" : "") + "}");
    List<String> named = new ArrayList<>();
    if (ids != null) {
      named.addAll(ids);
    } else {
      if (!body.path("ids").isArray() || body.path("ids").isEmpty()) {
        throw new BadInputException("ids must be a list of alert or summary ids");
      }
      body.path("ids").forEach(n -> named.add(n.asText("").strip()));
    }
    if (named.stream().anyMatch(String::isEmpty)) {
      throw new BadInputException("an alert id is empty");
    }
    AlertTriageState state = AlertTriageState.parse(body.path("state").asText(""));
    String link = text(body, "link");
    String note = text(body, "note");
    Map<String, Instant> alerts;
    synchronized (reads) {
      alerts = AlertTriage.named(reads.current(), named);
    }
    writer.triage(new EventWriter.TriageRequest(alerts, state, link, note));
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("alerts", List.copyOf(alerts.keySet()));
    o.put("state", state.event());
    Routes.json(ctx, o);
  }

  private static String text(JsonNode body, String name) {
    JsonNode n = body.path(name);
    if (n.isMissingNode() || n.isNull()) {
      return null;
    }
    String v = n.asText("").strip();
    if (v.length() > MAX_TEXT) {
      throw new BadInputException(name + " is longer than " + MAX_TEXT + " characters");
    }
    return v.isEmpty() ? null : v;
  }
}
