package io.benchlake.cli;

import static io.benchlake.cli.ImportRoundTripIT.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Alerts end to end, histories injected as events: known shifts are named after the ingest, a
 * triage sticks through later ingests, a later point moves a change on the same id, back-filled
 * history is backfill and a new run's finding untriaged, and a rebuild replays the same alerts.
 */
class AlertsIT {
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
  }

  @Test
  void knownShiftsAreNamedTriageSticksAChangeMovesAndARebuildReplaysThem() throws Exception {
    Path home = CliRunner.useFreshHome("alerts");
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
    CliRunner.Run summaries = CliRunner.run("alerts", "list", "--summaries", "--format", "csv");
    ok(summaries);
    assertTrue(summaries.out().contains("12.3.1 vs 11.4.5: "), summaries.out());
    CliRunner.Run stats = CliRunner.run("alerts", "stats", "--format", "csv");
    ok(stats);
    assertTrue(stats.out().contains("segments,change,2,1,1"), stats.out());

    // a rebuild replays the alert events: the same alerts and states, nothing evaluated again
    String before = CliRunner.run("alerts", "list", "--state", "all", "--format", "csv").out();
    CliRunner.Run rebuild = CliRunner.run("ingest", "--rebuild");
    ok(rebuild);
    assertTrue(!rebuild.out().contains("Alerts: "), rebuild.out());
    assertEquals(
        before, CliRunner.run("alerts", "list", "--state", "all", "--format", "csv").out());
  }
}
