package io.benchlake.cli;

import static io.benchlake.cli.ImportRoundTripIT.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.schemas.RunParameters;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * `run --confirm` live: histories of runs benchlake made are injected as events, and their alerts
 * re-run on an embedded server whose tables need the buffer pool: a cnf change that shrank it
 * (innodb_buffer_pool_size 1G to 16M) is confirmed, a drop the settings did not cause is not. The
 * re-runs are kept out of the series; alerts on imported runs or on another testbed are refused in
 * one line.
 */
class ConfirmIT {
  @RegisterExtension static final HostedBroker BROKER = new HostedBroker();

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LARGE = "[mysqld]\ninnodb_buffer_pool_size=1G\n";
  private static final String SMALL = "[mysqld]\ninnodb_buffer_pool_size=16M\n";

  /** Short runs over tables of about 50 MB, several times a 16M buffer pool. */
  private static final RunParameters SHORT_READS =
      new RunParameters(
          "oltp_read_only", 2, 100_000L, null, 1.0, "s", 2, List.of(8), 0.5, 1.0, "uniform");

  @Test
  void aShrunkBufferPoolIsConfirmedAndADropItDidNotCauseIsNot() throws Exception {
    Path home = BROKER.freshHome("confirm");
    InjectedHistory h = new InjectedHistory(7, 0).tool("loadgen").parameters(SHORT_READS);
    h.test("POOL_SHRUNK").config(LARGE).runs(10, 1000).config(SMALL).runs(5, 600);
    h.test("SAME_POOL").ids("same-day-").config(LARGE).runs(10, 1000).runs(5, 600);
    h.test("IMPORTED").ids("imported-day-").tool("import:sysbench").runs(10, 1000).runs(5, 600);
    ok(CliRunner.run("import", "events", h.write(home.resolve("history.jsonl")).toString()));
    ok(CliRunner.run("ingest"));
    String shrunk = changeOf("POOL_SHRUNK");
    String same = changeOf("SAME_POOL");
    String imported = changeOf("IMPORTED");

    CliRunner.Run refused = CliRunner.run("run", "--confirm", imported, "--testbed", "bed1");
    assertEquals(2, refused.exit(), refused.out() + refused.err());
    assertTrue(
        refused.err().strip().endsWith("not run by benchlake"),
        "one line saying why: " + refused.err());
    CliRunner.Run elsewhere = CliRunner.run("run", "--confirm", shrunk, "--testbed", "bed2");
    assertEquals(2, elsewhere.exit(), elsewhere.out() + elsewhere.err());
    assertTrue(elsewhere.err().contains("was measured on testbed 'bed1'"), elsewhere.err());

    CliRunner.Run confirmed = CliRunner.run("run", "--confirm", shrunk, "--testbed", "bed1");
    System.out.println(confirmed.out());
    ok(confirmed);
    assertTrue(confirmed.out().contains("Verdict: confirmed"), confirmed.out());
    assertTrue(confirmed.out().contains("Machine: load average"), confirmed.out());

    CliRunner.Run notConfirmed = CliRunner.run("run", "--confirm", same, "--testbed", "bed1");
    System.out.println(notConfirmed.out());
    ok(notConfirmed);
    assertTrue(notConfirmed.out().contains("Verdict: "), notConfirmed.out());
    assertTrue(!notConfirmed.out().contains("Verdict: confirmed"), notConfirmed.out());

    // the re-runs are in the warehouse, marked, and no series has them
    ok(CliRunner.run("ingest"));
    CliRunner.Run marked =
        CliRunner.run(
            "sql",
            "--format",
            "csv",
            "SELECT confirms_alert, count(*) AS runs,"
                + " count(*) FILTER (WHERE run_id IN (SELECT run_id FROM run_series)) AS in_series,"
                + " count(*) FILTER (WHERE run_id IN (SELECT run_id FROM history_runs)) AS in_histories"
                + " FROM runs WHERE confirms_alert IS NOT NULL GROUP BY ALL ORDER BY 1");
    ok(marked);
    List<String> rows = marked.out().strip().lines().skip(1).sorted().toList();
    assertEquals(
        List.of(shrunk + ",4,0,0", same + ",4,0,0").stream().sorted().toList(), rows, marked.out());
    assertNotEquals(shrunk, same);
  }

  /** The change alert of {@code test}'s series. */
  private static String changeOf(String test) throws Exception {
    CliRunner.Run r =
        CliRunner.run(
            "alerts",
            "list",
            "--state",
            "all",
            "--kind",
            "change",
            "--test",
            test,
            "--format",
            "json");
    ok(r);
    JsonNode alerts = JSON.readTree(r.out());
    assertEquals(1, alerts.size(), test + ": " + r.out());
    assertEquals("regression", alerts.get(0).get("direction").asText().toLowerCase(Locale.ROOT));
    return alerts.get(0).get("alert_id").asText();
  }
}
