package io.benchlake.cli;

import static io.benchlake.cli.ImportRoundTripIT.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.benchlake.alerts.AlertEvaluation;
import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Alerts end to end, histories injected as events: known shifts are named after the ingest, a
 * triage sticks through later ingests, a later point moves a change on the same id, back-filled
 * history is backfill and a new run's finding untriaged, and a rebuild replays the same alerts.
 */
class AlertsIT {
  /** The home, its broker kept while the test runs: the verbs join it as clients. */
  @RegisterExtension static final HostedBroker BROKER = new HostedBroker();

  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode list(String... filters) throws Exception {
    List<String> args = new ArrayList<>(List.of("alerts", "list", "--format", "json"));
    args.addAll(List.of(filters));
    CliRunner.Run r = CliRunner.run(args.toArray(String[]::new));
    ok(r);
    return JSON.readTree(r.out());
  }

  private static List<JsonNode> ofKind(JsonNode alerts, String kind) {
    List<JsonNode> out = new ArrayList<>();
    alerts.forEach(
        a -> {
          if (a.get("kind").asText().equals(kind)) {
            out.add(a);
          }
        });
    return out;
  }

  private static void importAndIngest(Path home, InjectedHistory h, String name) throws Exception {
    ok(CliRunner.run("import", "events", h.write(home.resolve(name + ".jsonl")).toString()));
    CliRunner.Run ingest = CliRunner.run("ingest");
    ok(ingest);
    assertTrue(ingest.out().contains("Alerts: "), ingest.out());
    // an evaluation that failed keeps the ingest's exit code: its one line says why
    assertTrue(!ingest.out().contains("Alerts: the evaluation after ingest"), ingest.out());
  }

  @Test
  void knownShiftsAreNamedTriageSticksAChangeMovesAndARebuildReplaysThem() throws Exception {
    Path home = BROKER.freshHome("alerts");
    InjectedHistory h = new InjectedHistory(1, 0);
    // a step from 1000 to 900 TPS, one run half-way, imported whole: back-filled history
    importAndIngest(home, h.runs(20, 1000).runs(1, 953).runs(3, 900), "history");
    JsonNode all = list("--state", "all");
    List<JsonNode> changes = ofKind(all, "change");
    assertEquals(1, changes.size(), all.toString());
    JsonNode change = changes.get(0);
    assertEquals("regression", change.get("direction").asText());
    assertEquals("backfill", change.get("state").asText());
    assertEquals(InjectedHistory.runId(21), change.get("located_run_id").asText());
    assertEquals("OLTP_RW", change.get("test").asText());
    assertEquals("bed1", change.get("testbed").asText());
    String id = change.get("alert_id").asText();
    assertEquals(0, list().size(), "nothing untriaged: " + list());

    // triaged invalid: visible as soon as the command returns
    CliRunner.Run invalid = CliRunner.run("alerts", "invalid", id, "--note", "a noisy neighbour");
    ok(invalid);
    assertEquals(id, list("--state", "invalid").get(0).get("alert_id").asText());

    // more runs: the change is placed two runs earlier, a `moved` event on the same id, still
    // invalid
    importAndIngest(home, h.runs(8, 915), "more");
    all = list("--state", "all");
    changes = ofKind(all, "change");
    assertEquals(1, changes.size(), all.toString());
    assertEquals(id, changes.get(0).get("alert_id").asText());
    assertEquals("invalid", changes.get(0).get("state").asText());
    assertEquals(InjectedHistory.runId(19), changes.get(0).get("located_run_id").asText());
    CliRunner.Run show = CliRunner.run("alerts", "show", id, "--format", "json");
    ok(show);
    JsonNode history = JSON.readTree(show.out()).get("history");
    List<String> events = new ArrayList<>();
    history.forEach(e -> events.add(e.get("event").asText()));
    assertEquals(List.of("raised", "invalid", "moved"), events, show.out());

    // a new release at a lower level: new findings, untriaged, in one summary
    importAndIngest(home, h.version("12.3.1").runs(3, 800), "release");
    JsonNode untriaged = list();
    JsonNode regression = ofKind(untriaged, "regression").get(0);
    assertEquals("regression", regression.get("direction").asText());
    assertEquals("12.3.1 vs 11.4.5", regression.get("summary_label").asText());
    assertEquals(InjectedHistory.runId(32), regression.get("located_run_id").asText());

    // runs with report intervals: a steady one raises nothing, one whose second iteration stalls
    // is an unstable alert of its own (not a change), untriaged, saying why
    importAndIngest(home, h.intervals(40).runs(1, 800).stallIn(2).runs(1, 800), "intervals");
    JsonNode unstable = list("--kind", "unstable");
    assertEquals(1, unstable.size(), list("--state", "all").toString());
    assertEquals(InjectedHistory.runId(36), unstable.get(0).get("located_run_id").asText());
    assertEquals("unstable", unstable.get(0).get("direction").asText());
    assertTrue(
        unstable.get(0).get("why").asText().startsWith("iteration 2: 1 stall (intervals under"),
        unstable.toString());
    for (JsonNode a : list("--state", "all")) {
      String at = a.get("located_run_id").asText();
      if (at.equals(InjectedHistory.runId(35)) || at.equals(InjectedHistory.runId(36))) {
        assertEquals("unstable", a.get("kind").asText(), a.toString());
      }
    }

    // the reports mark the stalled iteration (md) and add a Stability block after the TAF layout
    // (text), at the thresholds of alerts.yaml
    CliRunner.Run md = CliRunner.run("report", "--test", "OLTP_RW", "--format", "md");
    ok(md);
    assertTrue(md.out().contains("| 8 | MariaDB 12.3.1 | 3 of 3 |"), md.out());
    assertTrue(md.out().contains(" | iteration 2: 1 stall (intervals under 10% of"), md.out());
    assertTrue(
        md.out().lines().anyMatch(l -> l.startsWith("| Iteration 2 |") && l.endsWith(" † |")),
        md.out());
    assertTrue(
        md.out().lines().noneMatch(l -> l.startsWith("| Iteration 1 |") && l.contains("†")),
        md.out());
    CliRunner.Run text = CliRunner.run("report", "--test", "OLTP_RW");
    ok(text);
    assertTrue(text.out().contains("\nStability\n\nThreads\tDataset\tChecked\t"), text.out());
    assertTrue(!text.out().contains("†"), text.out());

    CliRunner.Run summaries = CliRunner.run("alerts", "list", "--summaries", "--format", "csv");
    ok(summaries);
    assertTrue(summaries.out().contains("12.3.1 vs 11.4.5: "), summaries.out());
    CliRunner.Run stats = CliRunner.run("alerts", "stats", "--format", "csv");
    ok(stats);
    assertTrue(stats.out().contains("segments,change,2,1,1"), stats.out());

    // the histories the evaluations kept, brought up by each ingest from the runs it changed,
    // equal a whole computation at the last commit
    try (AnalyticsSession session =
        AnalyticsSession.openFor(
            Warehouse.of(new BenchlakeHome(home)),
            AlertEvaluation.QUERIES,
            AlertEvaluation.LATER,
            AlertEvaluation.AS_TABLES,
            Optional.of(AlertEvaluation.kept(home)))) {
      String kept = AlertEvaluation.keptDifferences(session);
      assertTrue(kept.startsWith("0 of "), kept);
      // made whole by the first ingest's evaluation, brought up by the three after it
      Matcher m =
          Pattern.compile("made whole at commit (\\d+), brought up to commit (\\d+)").matcher(kept);
      assertTrue(m.find(), kept);
      assertTrue(Long.parseLong(m.group(1)) < Long.parseLong(m.group(2)), kept);
    }

    // a rebuild replays the alert events: the same alerts and states, nothing evaluated again
    String before = CliRunner.run("alerts", "list", "--state", "all", "--format", "csv").out();
    CliRunner.Run rebuild = CliRunner.run("ingest", "--rebuild");
    ok(rebuild);
    assertTrue(!rebuild.out().contains("Alerts: "), rebuild.out());
    assertEquals(
        before, CliRunner.run("alerts", "list", "--state", "all", "--format", "csv").out());

    scheduledAlertsReachAWebhookAndAFailingOneGetsThemAgain(home);
  }

  /**
   * A schedule's alerts job posts the new alerts to a webhook on 127.0.0.1 with its token; a
   * receiver that fails is tried again, said in one line without the URL or the token, and gets the
   * same alerts at the next run; a run with nothing new sends nothing.
   */
  private static void scheduledAlertsReachAWebhookAndAFailingOneGetsThemAgain(Path home)
      throws Exception {
    int alerts = list("--state", "all").size();
    List<String> bodies = Collections.synchronizedList(new ArrayList<>());
    List<String> tokens = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger status = new AtomicInteger(503);
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/hooks/T0/secret-path",
        exchange -> {
          bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          tokens.add(exchange.getRequestHeaders().getFirst("Authorization"));
          exchange.sendResponseHeaders(status.get(), -1);
          exchange.close();
        });
    server.start();
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks/T0/secret-path";
      Path file = home.resolve("alerts-schedule.yaml");
      Files.writeString(
          file,
          "output: "
              + home.resolve("scheduled")
              + "\njobs:\n  - {name: new-alerts, cron: \"15 * * * *\", verb: alerts,"
              + " args: [--format, json]}\n"
              + "notify: {webhook: \""
              + url
              + "\", token: s3cret-token, attempts: 2}\n");

      CliRunner.Run failed = CliRunner.run("schedule", file.toString(), "--now");
      ok(failed);
      assertEquals(2, bodies.size(), "two attempts: " + failed.out());
      assertTrue(
          failed
              .out()
              .contains("failed 2 time(s) (HTTP 503): the next run sends these alerts again"),
          failed.out());
      assertTrue(
          !failed.out().contains("secret-path") && !failed.out().contains("s3cret"), failed.out());

      status.set(200);
      CliRunner.Run sent = CliRunner.run("schedule", file.toString(), "--now");
      ok(sent);
      assertTrue(sent.out().contains("sent to the webhook http://127.0.0.1:"), sent.out());
      assertEquals(3, bodies.size(), sent.out());
      assertEquals("Bearer s3cret-token", tokens.get(2));
      JsonNode message = JSON.readTree(bodies.get(2));
      assertEquals(
          "benchlake new-alerts: " + alerts + " new alerts, 0 changed",
          message.get("text").asText());
      assertEquals(alerts, message.get("benchlake").get("alerts").size());
      assertEquals("header", message.get("blocks").get(0).get("type").asText());

      CliRunner.Run nothing = CliRunner.run("schedule", file.toString(), "--now");
      ok(nothing);
      assertTrue(nothing.out().contains("(0 new, 0 changed)"), nothing.out());
      assertEquals(3, bodies.size(), nothing.out());
    } finally {
      server.stop(0);
    }
  }
}
