package io.benchlake.cli;

import io.benchlake.alerts.AlertSettings;
import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.bus.EventBus;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.web.DashboardServer;
import io.benchlake.web.DashboardToken;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** benchlake dashboard: the web pages and JSON API over the warehouse, until Ctrl-C. */
@Command(
    name = "dashboard",
    mixinStandardHelpOptions = true,
    description = {
      "Serve the dashboard: overview, runs, compare, trend and a read-only SQL console, with a"
          + " JSON API under /api/v1/. Writes (annotations) need the token.",
      "The token is BENCHLAKE_TOKEN, else the token file in the home (made at the first start,"
          + " mode 0600; its path is printed, never the token)."
    })
final class DashboardCommand implements Callable<Integer> {
  private final BenchlakeHome home;

  DashboardCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Option(
      names = "--port",
      description =
          "Port (default: " + DashboardServer.DEFAULT_PORT + " when free, else a free one).")
  Integer port;

  @Option(
      names = "--bind",
      defaultValue = "127.0.0.1",
      description =
          "Address to listen on (default: ${DEFAULT-VALUE}); off loopback, reads need the token too.")
  String bind;

  @Option(
      names = "--memory-limit",
      defaultValue = "1GB",
      description = "DuckDB's memory limit (default: ${DEFAULT-VALUE}).")
  String memoryLimit;

  @Option(
      names = "--duckdb-threads",
      defaultValue = "2",
      description = "DuckDB's worker threads (default: ${DEFAULT-VALUE}).")
  int duckdbThreads;

  @Mixin BusOptions busOptions;

  @Override
  public Integer call() throws Exception {
    AnalyticsSession.ServerLimits limits =
        new AnalyticsSession.ServerLimits(memoryLimit, duckdbThreads);
    DashboardToken token =
        DashboardToken.resolve(
            Optional.ofNullable(System.getenv("BENCHLAKE_TOKEN")),
            home.root().resolve("dashboard.token"));
    CountDownLatch stopped = new CountDownLatch(1);
    try (EventBus bus = busOptions.connect(home);
        DashboardBackend backend =
            new DashboardBackend(
                Warehouse.of(home), limits, bus, AlertSettings.of(home.root()).stability());
        DashboardServer server = DashboardServer.start(bind, port, backend, backend, token)) {
      System.out.printf(
          "Dashboard at %s%nWrites need Authorization: Bearer <token>; the token is in %s.%n"
              + "Ctrl-C stops it.%n",
          server.url(), token.origin());
      System.out.flush();
      Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
      stopped.await();
    }
    return 0;
  }
}
