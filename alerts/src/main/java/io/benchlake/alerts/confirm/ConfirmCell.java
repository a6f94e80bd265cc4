package io.benchlake.alerts.confirm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.alerts.AlertSql;
import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryResult;
import io.benchlake.home.BadInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An alert's cell as a confirm re-runs it: the alert (series, magnitude and its 95% interval) and
 * the runs either side of it its provenance names, the last run before and the first after.
 */
public record ConfirmCell(
    String alertId,
    String kind,
    String direction,
    String test,
    String metric,
    int threads,
    String testbed,
    double magnitudePct,
    Double ciLowPct,
    Double ciHighPct,
    RecordedRun before,
    RecordedRun after) {

  static final String ALERT_SQL = AlertSql.of("confirm_alert.sql");
  static final String RUN_SQL = AlertSql.of("confirm_run.sql");

  /** The queries a confirm reads: what its session must have the views for. */
  public static final List<String> QUERIES = List.of(ALERT_SQL, RUN_SQL);

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The cell of alert {@code alertId}; a user mistake when there is no such alert or its provenance
   * names no runs on one side.
   */
  public static ConfirmCell read(AnalyticsSession session, String alertId) {
    QueryResult a = AlertSql.byId(session, ALERT_SQL, alertId, "alert " + alertId);
    if (a.rows().isEmpty()) {
      throw new BadInputException(
          "no alert " + alertId + " (see benchlake alerts list --state all)");
    }
    List<Object> row = a.rows().get(0);
    JsonNode provenance;
    try {
      provenance = JSON.readTree(row.get(10) == null ? "{}" : row.get(10).toString());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("alert " + alertId + "'s provenance is not JSON", e);
    }
    List<String> before = ids(provenance.path("runs_before"));
    List<String> after = ids(provenance.path("runs_after"));
    if (before.isEmpty() || after.isEmpty()) {
      throw new BadInputException(
          "alert "
              + alertId
              + " cannot be confirmed: its provenance names no runs "
              + (before.isEmpty() ? "before" : "after")
              + " it");
    }
    return new ConfirmCell(
        alertId,
        (String) row.get(1),
        (String) row.get(2),
        (String) row.get(3),
        (String) row.get(4),
        ((Number) row.get(5)).intValue(),
        (String) row.get(6),
        ((Number) row.get(7)).doubleValue(),
        row.get(8) == null ? null : ((Number) row.get(8)).doubleValue(),
        row.get(9) == null ? null : ((Number) row.get(9)).doubleValue(),
        run(session, before.get(before.size() - 1)),
        run(session, after.get(0)));
  }

  /**
   * Why this alert cannot be confirmed by a re-run, if it cannot: an unstable run is no change
   * between two sides, and each side must be a run benchlake can measure again.
   */
  public Optional<String> whyNot() {
    if ("unstable".equals(kind)) {
      return Optional.of("an unstable run is not a change between two sides");
    }
    return before.whyNotRerunnable().or(after::whyNotRerunnable);
  }

  /**
   * Whether {@code testbed} (this machine's) is the alert's: its series' testbed or the one the
   * runs either side recorded.
   */
  public boolean measuredOn(String machine) {
    return machine != null
        && (machine.equals(testbed)
            || machine.equals(before.testbed())
            || machine.equals(after.testbed()));
  }

  /** The two sides as re-run: each its recorded parameters, both the longer warm-up of the two. */
  public List<ConfirmSide> sides() {
    double warmup = Math.max(warmupS(before), warmupS(after));
    return List.of(
        ConfirmSide.of("before", before, threads, warmup),
        ConfirmSide.of("after", after, threads, warmup));
  }

  private static double warmupS(RecordedRun run) {
    Double warmup = run.parameters().warmupS();
    return warmup == null ? 0 : warmup;
  }

  private static List<String> ids(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static RecordedRun run(AnalyticsSession session, String runId) {
    QueryResult r = AlertSql.byId(session, RUN_SQL, runId, "run " + runId);
    if (r.rows().isEmpty()) {
      throw new BadInputException("run " + runId + " of the alert is not in the warehouse");
    }
    return RecordedRun.of(r.rows().get(0));
  }
}
