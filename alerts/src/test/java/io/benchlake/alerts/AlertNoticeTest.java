package io.benchlake.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.analytics.QueryResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlertNoticeTest {
  private static final List<String> COLUMNS =
      List.of(
          "alert_id",
          "state",
          "status",
          "kind",
          "direction",
          "test",
          "metric",
          "threads",
          "testbed",
          "change_pct",
          "ci_low_pct",
          "ci_high_pct",
          "p_value",
          "located_run_id",
          "summary_label",
          "new",
          "why");

  private static List<Object> row(String id, boolean fresh, String status) {
    return Arrays.asList(
        id,
        "untriaged",
        status,
        "change",
        "regression",
        "OLTP_RW",
        "TPS",
        8,
        "bed1",
        -10.25,
        -11.0,
        -9.5,
        0.001,
        "run-21",
        "12.3.1 vs 11.4.5",
        fresh,
        null);
  }

  @Test
  void theMessageIsSlackTextAndBlocksWithTheAlertsAsData() throws Exception {
    QueryResult changed =
        new QueryResult(COLUMNS, List.of(row("a1", true, "raised"), row("a2", false, "moved")));
    JsonNode m = new ObjectMapper().readTree(AlertNotice.json("nightly", changed));
    assertEquals("benchlake nightly: 1 new alert, 1 changed", m.get("text").asText());
    assertEquals(
        "*new* regression change: OLTP_RW TPS @8 on bed1 -10.3% (95% CI -11.0 to -9.5) at run"
            + " run-21, 12.3.1 vs 11.4.5; untriaged `a1`",
        m.get("blocks").get(1).get("text").get("text").asText());
    assertTrue(m.get("blocks").get(2).get("text").get("text").asText().startsWith("*moved* "));
    assertEquals(2, m.get("benchlake").get("alerts").size());
    assertEquals(-10.25, m.get("benchlake").get("alerts").get(0).get("change_pct").asDouble());
  }

  @Test
  void theWebhookAndTokenAreNeverShown() {
    NotifySettings n =
        new NotifySettings("https://hooks.example.com:8443/T0/B0/XYZ", "tok-123", null, null);
    assertEquals("webhook https://hooks.example.com:8443/…", n.receiver());
    assertFalse(n.toString().contains("XYZ") || n.toString().contains("tok-123"), n.toString());
    assertEquals(
        "connect to (webhook) with (token) failed",
        n.redact("connect to https://hooks.example.com:8443/T0/B0/XYZ with tok-123 failed"));
    assertEquals(3, n.attempts());
  }

  @Test
  void notifyNeedsOneReceiverThatIsAUrl() {
    assertThrows(IllegalArgumentException.class, () -> new NotifySettings(null, null, null, null));
    assertThrows(
        IllegalArgumentException.class, () -> new NotifySettings("ftp://x/y", null, null, null));
    assertThrows(
        IllegalArgumentException.class,
        () -> new NotifySettings("http://x/y", null, List.of("cat"), null));
  }

  @Test
  void aCommandReceiverGetsTheMessageOnItsStandardInput(@TempDir Path dir) throws Exception {
    Path got = dir.resolve("got.json");
    NotifySettings n =
        new NotifySettings(null, null, List.of("sh", "-c", "cat > '" + got + "'"), 1);
    AlertReceiver.Delivery d = new AlertReceiver(n, Duration.ofMillis(1)).deliver("{\"text\":1}");
    assertTrue(d.delivered(), d.toString());
    assertEquals("{\"text\":1}", Files.readString(got));
  }

  @Test
  void aFailingReceiverIsTriedTheGivenTimesAndSaysWhy() {
    NotifySettings n =
        new NotifySettings(null, null, List.of("sh", "-c", "cat >/dev/null; exit 3"), 3);
    AlertReceiver.Delivery d = new AlertReceiver(n, Duration.ofMillis(1)).deliver("{}");
    assertEquals(new AlertReceiver.Delivery(false, 3, "exit 3"), d);
  }
}
