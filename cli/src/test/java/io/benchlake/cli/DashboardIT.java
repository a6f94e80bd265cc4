package io.benchlake.cli;

import static io.benchlake.cli.ImportRoundTripIT.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.stability.StabilityThresholds;
import io.benchlake.bus.EventBus;
import io.benchlake.bus.testing.SharedBrokerHome;
import io.benchlake.testing.Await;
import io.benchlake.testing.Fixtures;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.web.DashboardServer;
import io.benchlake.web.DashboardToken;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * benchlake dashboard over HTTP, on a warehouse made by importing the TAF report fixture (four
 * datasets of OLTP_RW), a sysbench log under a dataset named as a script and an injected history
 * with a step (one change alert, back-filled): the API, the token, the Host and Origin checks,
 * escaping, the SQL sandbox and triage; {@link DashboardBrowser} drives the pages in chromium. One
 * dashboard and one browser for the class.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DashboardIT {
  static final String BASE = "Mariadb 11.4.2-MariaDB-log";
  static final String CANDIDATE = "Mariadb 13.0.0-MariaDB-log";
  static final String SCRIPT = "<script>alert(1)</script>";
  static final String TOKEN = "dashboard-it-token";

  /** The runs imported: the TAF report's four, the sysbench log's one, the injected history's. */
  static final int RUNS = 5 + 24;

  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension static final SharedBrokerHome SHARED = new SharedBrokerHome("dashboard");

  static DashboardServer server;
  private static EventBus bus;
  private static DashboardBackend backend;
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @BeforeAll
  static void startOnImportedRuns() throws Exception {
    CliRunner.use(SHARED.home());
    ok(
        CliRunner.run(
            "import",
            "taf-report",
            Fixtures.path("taf-report", "oltp_rw_11.4-13.0.txt").toString()));
    ok(
        CliRunner.run(
            "import",
            "sysbench",
            Fixtures.path("sysbench", "oltp_read_write_t4_i1.log").toString(),
            "--dataset",
            SCRIPT,
            "--test",
            "OLTP_RW",
            "--started-at",
            "2026-11-01"));
    // a step from 1000 to 900 TPS imported whole: one change alert, back-filled history
    Path history =
        new InjectedHistory(7, 0)
            .runs(20, 1000)
            .runs(1, 953)
            .runs(3, 900)
            .write(SHARED.root().resolve("history.jsonl"));
    ok(CliRunner.run("import", "events", history.toString()));
    ingest();
    bus = EventBus.connect(SHARED.home(), Optional.empty());
    backend =
        new DashboardBackend(
            Warehouse.of(SHARED.home()),
            new AnalyticsSession.ServerLimits("1GB", 2),
            bus,
            StabilityThresholds.DEFAULTS);
    server =
        DashboardServer.start(
            "127.0.0.1",
            null,
            backend,
            backend,
            DashboardToken.resolve(Optional.of(TOKEN), SHARED.root().resolve("unused.token")));
  }

  /**
   * {@code benchlake ingest} in this JVM, through the shared broker. (Not ingest's
   * SharedMiniCluster: its second job in a class failed here with Flink's "Result partition is
   * already released".)
   */
  static void ingest() {
    ok(CliRunner.run("ingest"));
  }

  @AfterAll
  static void stop() {
    DashboardBrowser.quit();
    if (server != null) {
      server.close();
    }
    if (backend != null) {
      backend.close();
    }
    if (bus != null) {
      bus.close();
    }
  }

  static HttpResponse<String> get(String path) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(server.url() + path.substring(1))).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  static HttpResponse<String> post(String path, String body, String authorization)
      throws Exception {
    return post(path, body, authorization, null);
  }

  static HttpResponse<String> post(String path, String body, String authorization, String origin)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(server.url() + path.substring(1)))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (authorization != null) {
      b.header("Authorization", authorization);
    }
    if (origin != null) {
      b.header("Origin", origin);
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  static String q(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  /** The id of the latest run of {@code dataset}, through the API. */
  static String runOf(String dataset) throws Exception {
    HttpResponse<String> r = get("/api/v1/runs?sort=dataset");
    assertEquals(200, r.statusCode(), r.body());
    for (JsonNode run : JSON.readTree(r.body())) {
      if (dataset.equals(run.path("dataset").asText())) {
        return run.path("run_id").asText();
      }
    }
    throw new AssertionError("no run of " + dataset + " in " + r.body());
  }

  @Test
  void theApiListsFiltersAndDownloadsTheRunsAndAnswersOneRun() throws Exception {
    HttpResponse<String> all = get("/api/v1/runs");
    assertEquals(200, all.statusCode(), all.body());
    assertTrue(all.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    JsonNode runs = JSON.readTree(all.body());
    assertEquals(RUNS, runs.size(), all.body());
    JsonNode filtered =
        JSON.readTree(get("/api/v1/runs?host=hz-bench-jeb&sort=dataset&dir=asc").body());
    assertEquals(4, filtered.size(), filtered.toString());
    assertEquals(BASE, filtered.get(0).path("dataset").asText(), filtered.toString());

    HttpResponse<String> csv = get("/runs?format=csv&sort=dataset");
    assertEquals(200, csv.statusCode());
    assertTrue(csv.body().startsWith("run_id,started_at,dataset,"), csv.body());

    String run = runOf(BASE);
    JsonNode one = JSON.readTree(get("/api/v1/runs/" + run).body());
    assertEquals(BASE, one.path("run").path("dataset").asText());
    assertTrue(one.path("iterations").size() > 0, one.toString());
    assertEquals(404, get("/api/v1/runs/no-such-run").statusCode());
  }

  @Test
  void aBadParameterIsA400WithOneLineAndNoStackTrace() throws Exception {
    for (String path :
        new String[] {
          "/runs?page=x",
          "/runs?sort=password",
          "/api/v1/trend?test=OLTP_RW&threads=-1",
          "/api/v1/compare?test=OLTP_RW"
        }) {
      HttpResponse<String> r = get(path);
      assertEquals(400, r.statusCode(), path + ": " + r.body());
      assertEquals(1, r.body().strip().lines().count(), r.body());
      assertFalse(r.body().contains("Exception") || r.body().contains("\tat "), r.body());
    }
  }

  @Test
  void compareAndTrendAnswerFromTheReportAndTheDetector() throws Exception {
    String query = "test=OLTP_RW&baseline=" + q(BASE) + "&candidates=" + q(CANDIDATE);
    JsonNode c = JSON.readTree(get("/api/v1/compare?" + query).body());
    assertTrue(c.path("verdicts").size() > 0, c.toString());
    JsonNode first = c.path("verdicts").get(0);
    assertEquals(CANDIDATE, first.path("candidate").asText());
    assertTrue(first.has("p_value") && first.has("change_pct"), first.toString());
    HttpResponse<String> md = get("/compare?" + query + "&format=md");
    assertEquals(200, md.statusCode());
    assertTrue(md.body().contains("| " + BASE), md.body());
    // the downloads are `benchlake report`'s, Stability block included
    assertTrue(md.body().contains("## Stability"), md.body());
    assertTrue(c.path("stability").isObject(), c.toString());

    HttpResponse<String> trend = get("/api/v1/trend?test=OLTP_RW&threads=4");
    assertEquals(200, trend.statusCode(), trend.body());
    assertTrue(JSON.readTree(trend.body()).size() >= 1, trend.body());
  }

  @Test
  void aValueFromTheDataIsShownAsTextNeverAsMarkup() throws Exception {
    String escaped = "&lt;script&gt;alert(1)&lt;/script&gt;";
    for (String path : new String[] {"/", "/runs", "/runs/" + q(runOf(SCRIPT)), "/compare"}) {
      HttpResponse<String> page = get(path);
      assertEquals(200, page.statusCode(), path);
      assertTrue(page.body().contains(escaped), path + " shows the dataset as text");
      assertFalse(page.body().contains(SCRIPT), path + " has no script from the data");
    }
  }

  @Test
  void aRequestNamingAnotherHostIsRefused() throws Exception {
    assertEquals(403, statusWithHost("evil.example:" + server.port()));
    assertEquals(403, statusWithHost("127.0.0.1:1"));
    assertEquals(200, statusWithHost("localhost:" + server.port()));
  }

  /** The status of GET / with {@code host} as its Host header (which HttpClient will not set). */
  private static int statusWithHost(String host) throws Exception {
    try (Socket s = new Socket("127.0.0.1", server.port())) {
      OutputStream out = s.getOutputStream();
      out.write(
          ("GET / HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      String status =
          new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII))
              .readLine();
      return Integer.parseInt(status.split(" ")[1]);
    }
  }

  @Test
  void aWriteNeedsTheTokenAndTheAnnotationShowsAfterTheIngest() throws Exception {
    String run = runOf(CANDIDATE);
    String body =
        "{\"run\":\""
            + run
            + "\",\"threads\":64,\"iteration\":1,\"action\":\"exclude\","
            + "\"reason\":\"noisy neighbour in the API test\"}";
    assertEquals(401, post("/api/v1/annotations", body, null).statusCode());
    assertEquals(401, post("/api/v1/annotations", body, "Bearer wrong").statusCode());
    assertEquals(401, post("/api/v1/annotations", body, TOKEN).statusCode());
    assertEquals(
        400,
        post("/api/v1/annotations", "{\"run\":\"" + run + "\"}", "Bearer " + TOKEN).statusCode());
    HttpResponse<String> written = post("/api/v1/annotations", body, "Bearer " + TOKEN);
    assertEquals(202, written.statusCode(), written.body());
    ingest();
    String page = get("/runs/" + q(run)).body();
    assertTrue(
        page.contains("noisy neighbour in the API test"), "the run page shows the annotation");
  }

  @Test
  void theSqlConsoleReadsTheViewsOnlyAndNothingOutsideTheWarehouse() throws Exception {
    HttpResponse<String> count = get("/api/v1/sql?q=" + q("select count(*) AS n from runs"));
    assertEquals(200, count.statusCode(), count.body());
    assertEquals(RUNS, JSON.readTree(count.body()).get(0).path("n").asInt(), count.body());
    assertTrue(get("/sql?format=csv&q=" + q("select 1 as one")).body().startsWith("one"));

    Path outside = SHARED.root().resolve("written-by-sql.csv");
    Path warehouseFile = SHARED.root().resolve("warehouse").resolve("written-by-sql.csv");
    String[] refused = {
      "COPY (select 1) TO '" + outside + "'",
      "COPY (select 1) TO '" + warehouseFile + "'",
      "select * from read_text('/etc/hostname')",
      "select * from read_csv('/etc/passwd')",
      "CREATE TABLE t AS SELECT 1",
      "ATTACH '" + SHARED.root().resolve("x.db") + "'",
      "select 1; select 2",
      "SET enable_external_access = true"
    };
    for (String statement : refused) {
      HttpResponse<String> r = get("/api/v1/sql?q=" + q(statement));
      assertEquals(400, r.statusCode(), statement + ": " + r.body());
      assertEquals(1, r.body().strip().lines().count(), r.body());
    }
    assertFalse(Files.exists(outside) || Files.exists(warehouseFile), "nothing was written");
  }

  /** The ids of the alerts {@code benchlake alerts list --state STATE} lists. */
  static String cliAlerts(String state) throws Exception {
    CliRunner.Run r = CliRunner.run("alerts", "list", "--state", state, "--format", "json");
    ok(r);
    StringBuilder ids = new StringBuilder();
    JSON.readTree(r.out()).forEach(a -> ids.append(a.path("alert_id").asText()).append(' '));
    return ids.toString();
  }

  /** The injected step's change alert, through the API. */
  static String changeAlert() throws Exception {
    HttpResponse<String> r = get("/api/v1/alerts?state=all&kind=change&test=OLTP_RW");
    assertEquals(200, r.statusCode(), r.body());
    JsonNode alerts = JSON.readTree(r.body());
    assertEquals(1, alerts.size(), r.body());
    assertEquals(InjectedHistory.runId(21), alerts.get(0).path("located_run_id").asText());
    return alerts.get(0).path("alert_id").asText();
  }

  @Test
  void theAlertsQueueAndAnAlertAnswerAndATriageIsTheCliTriage() throws Exception {
    String id = changeAlert();
    assertTrue(get("/alerts?state=all").body().contains("/alerts/" + id), "the queue links it");
    assertTrue(get("/alerts?state=all&format=csv").body().startsWith("alert_id,"));
    JsonNode one = JSON.readTree(get("/api/v1/alerts/" + id).body());
    assertEquals("change", one.path("alert").path("kind").asText(), one.toString());
    assertTrue(one.path("history").size() >= 1, one.toString());
    HttpResponse<String> page = get("/alerts/" + id);
    assertEquals(200, page.statusCode(), page.body());
    assertTrue(page.body().contains("trend-data") && page.body().contains("Provenance"));
    assertEquals(404, get("/alerts/a00000000000").statusCode());
    assertEquals(400, get("/api/v1/alerts?state=closed").statusCode());

    String body = "{\"state\":\"wontfix\",\"note\":\"set by the API test\"}";
    String path = "/api/v1/alerts/" + id + "/state";
    assertEquals(401, post(path, body, null).statusCode());
    assertEquals(401, post(path, body, "Bearer wrong").statusCode());
    String bearer = "Bearer " + TOKEN;
    assertEquals(403, post(path, body, bearer, "http://evil.example").statusCode());
    assertEquals(400, post(path, "{\"state\":\"closed\"}", bearer).statusCode());
    assertEquals(400, post("/api/v1/alerts/a00000000000/state", body, bearer).statusCode());
    assertEquals(400, post("/api/v1/alerts/state", "{\"state\":\"ack\"}", bearer).statusCode());
    HttpResponse<String> triaged = post(path, body, bearer, server.url().replaceAll("/$", ""));
    assertEquals(200, triaged.statusCode(), triaged.body());
    assertEquals("wontfix", JSON.readTree(triaged.body()).path("state").asText());
    // visible on return, to the API and to benchlake alerts list
    JsonNode now = JSON.readTree(get("/api/v1/alerts?state=wontfix").body());
    assertEquals(id, now.get(0).path("alert_id").asText(), now.toString());
    assertTrue(cliAlerts("wontfix").contains(id));
  }

  /**
   * Last (it adds a run the others do not count): {@code bin/benchlake ingest --follow} beside the
   * dashboard, a run imported, and the overview open in the browser lists it without a reload.
   */
  @Test
  @Order(Integer.MAX_VALUE)
  void theOverviewShowsARunTheFollowIngestedWithoutAReload() throws Exception {
    Path log = SHARED.root().resolve("follow.log");
    Process follow =
        BuiltTree.start(
            SHARED.root(),
            log,
            java.util.Map.of("BENCHLAKE_JAVA_OPTS", "-Xmx2g"),
            "ingest",
            "--follow",
            "--poll",
            "1s",
            // a client of the class's broker (a child cannot tell this JVM hosts it)
            "--bootstrap",
            SHARED.bootstrap());
    try {
      Await.until(
          () -> read(log).contains("Following the event log") || !follow.isAlive(),
          Duration.ofSeconds(120),
          "the follow to start: " + log);
      assertTrue(follow.isAlive(), read(log));
      String dataset = "followed beside the dashboard";
      Warehouse warehouse = Warehouse.of(SHARED.home());
      Duration shown =
          DashboardBrowser.seesANewRunWithoutReload(
              server.url(),
              dataset,
              () ->
                  ok(
                      CliRunner.run(
                          "import",
                          "sysbench",
                          Fixtures.path("sysbench", "oltp_read_write_t4_i1.log").toString(),
                          "--dataset",
                          dataset,
                          "--test",
                          "OLTP_RW",
                          "--started-at",
                          "2026-12-01")),
              () -> warehouse.commit().id());
      System.out.println(
          "DashboardIT: the overview showed the followed run "
              + shown.toMillis()
              + " ms after its commit");
    } finally {
      follow.destroy(); // SIGTERM: the follow stops after its last commit
      if (!follow.waitFor(60, TimeUnit.SECONDS)) {
        follow.destroyForcibly().waitFor();
      }
    }
    assertTrue(read(log).contains("Stopped; the warehouse is at ingest"), read(log));
  }

  private static String read(Path log) throws Exception {
    return Files.exists(log) ? Files.readString(log) : "";
  }

  @Test
  void theBrowserWalksThePagesAnnotatesAndTriagesWithTheToken() throws Exception {
    String acknowledged = DashboardBrowser.walk(server.url(), TOKEN, DashboardIT::ingest);
    assertTrue(
        cliAlerts("acknowledged").contains(acknowledged),
        "benchlake alerts list shows the triage made in the browser");
  }
}
