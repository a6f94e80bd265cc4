package io.benchlake.web;

import io.benchlake.analytics.report.HtmlReport;
import io.benchlake.home.BadInputException;
import io.benchlake.home.EnvironmentException;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Map;

/**
 * benchlake dashboard's web server: the pages and the JSON API over one {@link ReadSide}, behind
 * the {@link AccessGuard}. A mistake in a request is a 400 (a page or run that does not exist a
 * 404) with one line; a failure is a 500 with one line, its cause on standard error.
 */
public final class DashboardServer implements AutoCloseable {
  /** Port tried first; when taken, a free one. */
  public static final int DEFAULT_PORT = 8080;

  private final Javalin app;
  private final ReadSide reads;
  private final String url;

  private DashboardServer(Javalin app, ReadSide reads, String url) {
    this.app = app;
    this.reads = reads;
    this.url = url;
  }

  /**
   * Starts on {@code bind}:{@code port} (port null: {@link #DEFAULT_PORT} when free, else a free
   * port); a port asked for and taken is the user's mistake.
   */
  public static DashboardServer start(
      String bind, Integer port, WarehouseSource source, EventWriter writer, DashboardToken token) {
    int chosen = port != null ? port : (isFree(bind, DEFAULT_PORT) ? DEFAULT_PORT : freePort(bind));
    if (port != null && !isFree(bind, port)) {
      throw new BadInputException("port " + port + " on " + bind + " is taken (--port)");
    }
    ReadSide reads = new ReadSide(source, true);
    AccessGuard guard = new AccessGuard(bind, chosen, token);
    Routes routes = new Routes(reads, source, writer);
    Javalin app =
        Javalin.create(
            config -> {
              config.startup.showJavalinBanner = false;
              config.startup.showOldJavalinVersionWarning = false;
              config.jetty.host = bind;
              config.jetty.port = chosen;
              config.http.maxRequestSize = 1_000_000;
              config.routes.before(guard::check);
              routes.addTo(config.routes);
              config.routes.get("/static/{file}", DashboardServer::asset);
              config.routes.exception(
                  AccessGuard.Refusal.class, (e, ctx) -> line(ctx, e.status, e.getMessage()));
              config.routes.exception(
                  RunPages.NotFound.class, (e, ctx) -> line(ctx, 404, e.getMessage()));
              config.routes.exception(
                  BadInputException.class, (e, ctx) -> line(ctx, 400, e.getMessage()));
              config.routes.exception(
                  Exception.class,
                  (e, ctx) -> {
                    System.err.println(
                        "dashboard: " + ctx.method() + " " + ctx.path() + " failed: " + e);
                    line(ctx, 500, "internal error: " + e.getClass().getSimpleName());
                  });
              config.routes.error(
                  404,
                  ctx -> {
                    if (ctx.result() == null
                        || ctx.result().isEmpty()
                        || ctx.result().startsWith("Endpoint")) {
                      line(ctx, 404, "no page " + ctx.path());
                    }
                  });
            });
    try {
      app.start();
    } catch (RuntimeException e) {
      throw new EnvironmentException(
          "the dashboard cannot listen on " + bind + ":" + chosen + ": " + e.getMessage(), e);
    }
    String host = bind.contains(":") ? "[" + bind + "]" : bind;
    return new DashboardServer(app, reads, "http://" + host + ":" + app.port() + "/");
  }

  public String url() {
    return url;
  }

  public int port() {
    return app.port();
  }

  private static void line(Context ctx, int status, String message) {
    ctx.status(status)
        .contentType("text/plain; charset=utf-8")
        .result(message.lines().findFirst().orElse("") + "\n");
  }

  private static final Map<String, String> ASSETS =
      Map.of(
          "uPlot.iife.min.js",
          HtmlReport.UPLOT + "uPlot.iife.min.js",
          "uPlot.min.css",
          HtmlReport.UPLOT + "uPlot.min.css",
          "dashboard.js",
          "io/benchlake/web/dashboard.js",
          "report-charts.js",
          "report/charts.js",
          "dashboard.css",
          "io/benchlake/web/dashboard.css");

  private static void asset(Context ctx) {
    String file = ctx.pathParam("file");
    String resource = ASSETS.get(file);
    if (resource == null) {
      throw new RunPages.NotFound("no file " + file);
    }
    ctx.contentType(
            file.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8")
        .header("Cache-Control", "max-age=3600")
        .result(HtmlReport.resource(resource));
  }

  private static boolean isFree(String bind, int port) {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(true);
      s.bind(new InetSocketAddress(InetAddress.getByName(bind), port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static int freePort(String bind) {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress(InetAddress.getByName(bind), 0));
      return s.getLocalPort();
    } catch (IOException e) {
      throw new EnvironmentException("no free port on " + bind + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    app.stop();
    reads.close();
  }
}
