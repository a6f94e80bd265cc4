package io.benchlake.alerts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchlake.analytics.QueryResult;
import java.util.List;
import java.util.Locale;

/**
 * The message of a scheduled alerts job (pure): Slack-compatible JSON, a {@code text} line and one
 * {@code blocks} section per alert (at most {@value #MAX_SECTIONS}), and the same alerts as data
 * under {@code benchlake} for receivers that are not Slack.
 */
public final class AlertNotice {
  static final int MAX_SECTIONS = 20;
  private static final ObjectMapper JSON = new ObjectMapper();

  private AlertNotice() {}

  /** The message for the job {@code job} over the rows of {@link AlertQueries#changedSince}. */
  public static String json(String job, QueryResult changed) {
    List<String> columns = changed.columns();
    long fresh =
        changed.rows().stream().filter(r -> Boolean.TRUE.equals(at(columns, r, "new"))).count();
    long other = changed.rows().size() - fresh;
    String text =
        String.format(
            Locale.ROOT,
            "benchlake %s: %d new alert%s, %d changed",
            job,
            fresh,
            fresh == 1 ? "" : "s",
            other);
    ObjectNode root = JSON.createObjectNode();
    root.put("text", text);
    ArrayNode blocks = root.putArray("blocks");
    blocks
        .addObject()
        .put("type", "header")
        .putObject("text")
        .put("type", "plain_text")
        .put("text", text);
    ObjectNode data = root.putObject("benchlake");
    data.put("job", job);
    data.put("new", fresh);
    data.put("changed", other);
    ArrayNode alerts = data.putArray("alerts");
    int shown = 0;
    for (List<Object> r : changed.rows()) {
      ObjectNode a = alerts.addObject();
      for (String c :
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
              "why")) {
        Object v = at(columns, r, c);
        if (v instanceof Number n) {
          a.putPOJO(c, n);
        } else {
          a.put(c, v == null ? null : v.toString());
        }
      }
      a.put("new", Boolean.TRUE.equals(at(columns, r, "new")));
      if (shown++ < MAX_SECTIONS) {
        blocks
            .addObject()
            .put("type", "section")
            .putObject("text")
            .put("type", "mrkdwn")
            .put("text", line(columns, r));
      }
    }
    if (shown > MAX_SECTIONS) {
      blocks
          .addObject()
          .put("type", "context")
          .putArray("elements")
          .addObject()
          .put("type", "mrkdwn")
          .put("text", "and " + (shown - MAX_SECTIONS) + " more: `benchlake alerts list`");
    }
    try {
      return JSON.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * "*regression change* OLTP_RW TPS @8 on bed1: -10.2% (95% CI -11.0 to -9.4) at run r1, 12.3.1 vs
   * 11.4.5; untriaged `a…`"
   */
  static String line(List<String> columns, List<Object> r) {
    StringBuilder s = new StringBuilder();
    s.append(
        Boolean.TRUE.equals(at(columns, r, "new"))
            ? "*new* "
            : "*" + at(columns, r, "status") + "* ");
    s.append(at(columns, r, "direction")).append(' ').append(at(columns, r, "kind")).append(": ");
    s.append(at(columns, r, "test"))
        .append(' ')
        .append(at(columns, r, "metric"))
        .append(" @")
        .append(at(columns, r, "threads"));
    if (at(columns, r, "testbed") != null) {
      s.append(" on ").append(at(columns, r, "testbed"));
    }
    Object pct = at(columns, r, "change_pct");
    if (pct instanceof Number n) {
      s.append(String.format(Locale.ROOT, " %+.1f%%", n.doubleValue()));
      Object lo = at(columns, r, "ci_low_pct");
      Object hi = at(columns, r, "ci_high_pct");
      if (lo instanceof Number l && hi instanceof Number h) {
        s.append(
            String.format(
                Locale.ROOT, " (95%% CI %+.1f to %+.1f)", l.doubleValue(), h.doubleValue()));
      }
    }
    s.append(" at run ").append(at(columns, r, "located_run_id"));
    if (at(columns, r, "summary_label") != null) {
      s.append(", ").append(at(columns, r, "summary_label"));
    }
    if (at(columns, r, "why") != null) {
      s.append(". ").append(at(columns, r, "why"));
    }
    s.append("; ")
        .append(at(columns, r, "state"))
        .append(" `")
        .append(at(columns, r, "alert_id"))
        .append('`');
    return s.toString();
  }

  private static Object at(List<String> columns, List<Object> row, String column) {
    int i = columns.indexOf(column);
    return i < 0 ? null : row.get(i);
  }
}
