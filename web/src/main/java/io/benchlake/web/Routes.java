package io.benchlake.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.analytics.QueryResult;
import io.benchlake.analytics.annotate.AnnotatedRun;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.query.ResultFormatter;
import io.benchlake.analytics.report.HtmlReport;
import io.benchlake.analytics.report.JsonReport;
import io.benchlake.analytics.report.MarkdownReport;
import io.benchlake.analytics.report.ReportVerdicts;
import io.benchlake.analytics.report.TextReport;
import io.benchlake.home.BadInputException;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The pages and the JSON API: each reads its state from the URL and answers from the cache. */
final class Routes {
  static final int SQL_ROWS = 10_000;
  static final Duration SQL_TIMEOUT = Duration.ofSeconds(30);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final ReadSide reads;
  private final WarehouseSource source;
  private final EventWriter writer;
  private final AlertRoutes alerts;

  Routes(ReadSide reads, WarehouseSource source, EventWriter writer) {
    this.reads = reads;
    this.source = source;
    this.writer = writer;
    this.alerts = new AlertRoutes(reads, writer);
  }

  void addTo(RoutesConfig r) {
    r.get("/", this::overview);
    r.get("/runs", ctx -> runs(ctx, false));
    r.get("/runs/{id}", ctx -> run(ctx, false));
    r.get("/compare", ctx -> compare(ctx, false));
    r.get("/trend", ctx -> trend(ctx, false));
    r.get("/sql", ctx -> sql(ctx, false));
    r.get("/api/v1/overview", this::overviewJson);
    r.get("/api/v1/runs", ctx -> runs(ctx, true));
    r.get("/api/v1/runs/{id}", ctx -> run(ctx, true));
    r.get("/api/v1/runs/{id}/iterations", this::iterations);
    r.get("/api/v1/series", this::series);
    r.get("/api/v1/trend", ctx -> trend(ctx, true));
    r.get("/api/v1/compare", ctx -> compare(ctx, true));
    r.get("/api/v1/sql", ctx -> sql(ctx, true));
    r.post("/api/v1/annotations", this::annotate);
    alerts.addTo(r);
  }

  private void overview(Context ctx) {
    QueryResult latest = reads.answer("latest", s -> DashboardQueries.run(s, "latest_runs.sql"));
    QueryResult failed = reads.answer("failed", s -> DashboardQueries.run(s, "failed_runs.sql"));
    QueryResult open = reads.answer("open alerts", s -> DashboardQueries.run(s, "open_alerts.sql"));
    ctx.html(RunPages.overview(source.freshness(), reads.commit(), latest, failed, open));
  }

  private void overviewJson(Context ctx) {
    QueryResult latest = reads.answer("latest", s -> DashboardQueries.run(s, "latest_runs.sql"));
    WarehouseSource.Freshness f = source.freshness();
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("commit", reads.commit());
    o.put("last_ingest", f.lastIngest() == null ? null : f.lastIngest().toString());
    o.put("pending_events", f.pendingEvents());
    o.put("latest_runs", tree(latest));
    json(ctx, o);
  }

  private Map<String, List<String>> choices() {
    return reads.answer(
        "choices",
        s -> {
          Map<String, List<String>> m = new LinkedHashMap<>();
          for (List<Object> row : DashboardQueries.run(s, "filter_values.sql").rows()) {
            m.computeIfAbsent(String.valueOf(row.get(0)), k -> new ArrayList<>())
                .add(String.valueOf(row.get(1)));
          }
          return m;
        });
  }

  private void runs(Context ctx, boolean api) {
    String format = api ? "json" : Downloads.format(ctx);
    DashboardQueries.RunFilter f =
        new DashboardQueries.RunFilter(
            Params.text(ctx, "test"),
            Params.text(ctx, "version"),
            Params.text(ctx, "host"),
            Params.text(ctx, "month"),
            Params.text(ctx, "status"),
            Params.oneOf(ctx, "sort", "started", DashboardQueries.RUN_ORDER.keySet()),
            !"asc".equals(Params.oneOf(ctx, "dir", "desc", Set.of("asc", "desc"))),
            Params.integer(ctx, "page", 1, 1, 1_000_000),
            Params.integer(ctx, "size", RunPages.pageSize(), 1, 1000));
    QueryResult r = reads.answer("runs " + f, s -> DashboardQueries.runs(s, f));
    if ("html".equals(format)) {
      ctx.html(RunPages.runs(f, choices(), r));
    } else {
      Downloads.send(ctx, r, format, "runs");
    }
  }

  private void run(Context ctx, boolean api) {
    String id = ctx.pathParam("id");
    QueryResult detail =
        reads.answer("run " + id, s -> DashboardQueries.run(s, "run_detail.sql", id));
    if (detail.rows().isEmpty()) {
      throw new RunPages.NotFound("no run " + id);
    }
    QueryResult iterations =
        reads.answer("iterations " + id, s -> DashboardQueries.run(s, "run_iterations.sql", id));
    if (api) {
      json(ctx, Map.of("run", tree(detail).get(0), "iterations", tree(iterations)));
      return;
    }
    QueryResult series =
        reads.answer("series " + id, s -> DashboardQueries.run(s, "run_series.sql", id));
    QueryResult notes =
        reads.answer("notes " + id, s -> DashboardQueries.run(s, "run_annotations.sql", id));
    ctx.html(RunPages.run(id, detail, iterations, series, notes));
  }

  private void iterations(Context ctx) {
    String id = ctx.pathParam("id");
    QueryResult r =
        reads.answer("iterations " + id, s -> DashboardQueries.run(s, "run_iterations.sql", id));
    Downloads.send(
        ctx, r, Params.oneOf(ctx, "format", "json", Set.of("csv", "json")), "iterations");
  }

  private void series(Context ctx) {
    String id = Params.required(ctx, "run");
    QueryResult r =
        reads.answer("series " + id, s -> DashboardQueries.run(s, "run_series.sql", id));
    Downloads.send(ctx, r, Params.oneOf(ctx, "format", "json", Set.of("csv", "json")), "series");
  }

  private void compare(Context ctx, boolean api) {
    String test = Params.text(ctx, "test");
    String metric = Optional.ofNullable(Params.text(ctx, "metric")).orElse("TPS");
    String baseline = Params.text(ctx, "baseline");
    List<String> candidates = Params.list(ctx, "candidates");
    String format =
        Params.oneOf(
            ctx, "format", api ? "json" : "page", Set.of("page", "text", "md", "html", "json"));
    Comparison c =
        baseline == null
            ? null
            : reads.answer(
                "compare " + test + "|" + metric + "|" + baseline + "|" + candidates,
                s -> Comparison.load(s, test, metric, baseline, candidates, source.stability()));
    if (c == null && !"page".equals(format)) {
      throw new BadInputException("parameter baseline is required");
    }
    String permalink = permalink("/compare", ctx);
    switch (format) {
      case "page" ->
          ctx.html(
              AnalysisPages.compare(
                  AnalysisPages.compareForm(choices(), test, metric, baseline, candidates),
                  c,
                  permalink));
      case "text" -> Downloads.file(ctx, TextReport.render(c.report()), "text/plain", "report.txt");
      case "md" ->
          Downloads.file(ctx, MarkdownReport.render(c.report()), "text/markdown", "report.md");
      case "html" ->
          Downloads.file(
              ctx, HtmlReport.render(c.report(), Optional.empty()), "text/html", "report.html");
      default -> {
        Map<String, Object> o = new LinkedHashMap<>(JsonReport.tree(c.report()));
        List<Map<String, Object>> verdicts = new ArrayList<>();
        for (ReportVerdicts.CandidateVerdict v : c.verdicts()) {
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("candidate", v.candidate());
          m.put("threads", v.verdict().threads());
          m.put("baseline_mean", v.verdict().baselineMean());
          m.put("candidate_mean", v.verdict().candidateMean());
          m.put("change_pct", v.verdict().change() * 100);
          m.put("p_value", v.verdict().pValue());
          m.put("verdict", v.verdict().kind().name());
          verdicts.add(m);
        }
        o.put("verdicts", verdicts);
        json(ctx, o);
      }
    }
  }

  private void trend(Context ctx, boolean api) {
    String test = Params.text(ctx, "test");
    Integer threads = Params.optionalInteger("threads", ctx.queryParam("threads"), 1, 1_000_000);
    String metric = Optional.ofNullable(Params.text(ctx, "metric")).orElse("TPS");
    String testbed = Params.text(ctx, "testbed");
    String format = api ? "json" : Downloads.format(ctx);
    TrendSeries s =
        test == null || threads == null
            ? null
            : reads.answer(
                "trend " + test + "|" + threads + "|" + metric + "|" + testbed,
                session -> TrendSeries.load(session, test, threads, metric, testbed));
    if (s == null && !"html".equals(format)) {
      throw new BadInputException("parameters test and threads are required");
    }
    if ("html".equals(format)) {
      ctx.html(
          AnalysisPages.trend(
              AnalysisPages.trendForm(choices(), test, threads, metric, testbed),
              s,
              permalink("/trend", ctx)));
    } else {
      Downloads.send(ctx, s.table(), format, "trend");
    }
  }

  private void sql(Context ctx, boolean api) {
    String q = Params.text(ctx, "q");
    String format =
        api ? Params.oneOf(ctx, "format", "json", Set.of("csv", "json")) : Downloads.format(ctx);
    QueryResult result = q == null ? null : reads.current().query(q, SQL_ROWS, SQL_TIMEOUT);
    if (result == null && !"html".equals(format)) {
      throw new BadInputException("parameter q (the statement) is required");
    }
    if ("html".equals(format)) {
      QueryResult views = reads.answer("views", s -> DashboardQueries.run(s, "view_columns.sql"));
      ctx.html(AnalysisPages.sql(q, views, result, SQL_ROWS, permalink("/sql", ctx)));
      return;
    }
    QueryResult shown =
        result.rows().size() > SQL_ROWS
            ? new QueryResult(result.columns(), result.rows().subList(0, SQL_ROWS))
            : result;
    Downloads.send(ctx, shown, format, "result");
  }

  /** The request's body as a JSON object; one line saying {@code shape} when it is not one. */
  static JsonNode body(Context ctx, String shape) {
    JsonNode body;
    try {
      body = JSON.readTree(ctx.body());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new BadInputException("the body is not JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new BadInputException("the body cannot be read: " + e.getMessage());
    }
    if (body == null || !body.isObject()) {
      throw new BadInputException("the body must be a JSON object " + shape);
    }
    return body;
  }

  private void annotate(Context ctx) {
    JsonNode body = body(ctx, "{run, action, reason, threads?, iteration?}");
    String run = body.path("run").asText("");
    String action = body.path("action").asText("");
    String reason = body.path("reason").asText("").strip();
    if (!Set.of("exclude", "include").contains(action)) {
      throw new BadInputException("action must be exclude or include, was '" + action + "'");
    }
    if (reason.isEmpty()) {
      throw new BadInputException("reason must say why");
    }
    Integer threads =
        Params.optionalInteger("threads", body.path("threads").asText(null), 1, 1_000_000);
    Integer iteration =
        Params.optionalInteger("iteration", body.path("iteration").asText(null), 1, 1_000_000);
    AnnotatedRun target;
    synchronized (reads) {
      target = AnnotatedRun.find(reads.current().connection(), run, threads, iteration);
    }
    writer.annotate(
        new EventWriter.AnnotationRequest(
            target, threads, iteration, "exclude".equals(action), reason));
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("run", target.runId());
    o.put("action", action);
    o.put("published", true);
    o.put("note", "shows after the next ingest");
    ctx.status(202);
    json(ctx, o);
  }

  /** The page's URL without its format: the permalink downloads add a format to. */
  static String permalink(String path, Context ctx) {
    StringBuilder q = new StringBuilder();
    ctx.queryParamMap()
        .forEach(
            (k, vs) -> {
              if (!"format".equals(k)) {
                vs.forEach(
                    v ->
                        q.append(q.length() == 0 ? "?" : "&")
                            .append(Html.url(k))
                            .append('=')
                            .append(Html.url(v)));
              }
            });
    return path + (q.length() == 0 ? "?" : q.toString());
  }

  static List<Map<String, Object>> tree(QueryResult r) {
    try {
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> rows =
          JSON.readValue(ResultFormatter.render(r, OutputFormat.JSON), List.class);
      return rows;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read back a table's JSON", e);
    }
  }

  static void json(Context ctx, Object value) {
    try {
      Downloads.json(ctx, JSON.writeValueAsString(value));
    } catch (IOException e) {
      throw new IllegalStateException("cannot write JSON", e);
    }
  }
}
