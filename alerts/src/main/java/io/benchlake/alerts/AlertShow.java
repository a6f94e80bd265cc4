package io.benchlake.alerts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchlake.analytics.QueryResult;
import java.util.List;

/** One alert as `alerts show` prints it: its current row, its provenance, its history. */
public final class AlertShow {
  private static final ObjectMapper JSON = new ObjectMapper();

  private AlertShow() {}

  /** {"alert": {...current, "provenance": {...}}, "history": [...]} */
  public static String json(QueryResult alert, QueryResult history) {
    ObjectNode root = JSON.createObjectNode();
    root.set("alert", row(alert.columns(), alert.rows().get(0)));
    ArrayNode h = root.putArray("history");
    for (List<Object> r : history.rows()) {
      h.add(row(history.columns(), r));
    }
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** name: value lines, the provenance's, then one line per event of its history. */
  public static String text(QueryResult alert, QueryResult history) {
    StringBuilder out = new StringBuilder();
    ObjectNode a = row(alert.columns(), alert.rows().get(0));
    a.fields()
        .forEachRemaining(
            f -> {
              if (!f.getValue().isNull() && !f.getKey().equals("provenance")) {
                out.append(f.getKey()).append(": ").append(f.getValue().asText()).append('\n');
              }
            });
    JsonNode p = a.path("provenance");
    if (p.isObject()) {
      out.append("provenance:\n");
      p.fields()
          .forEachRemaining(
              f ->
                  out.append("  ")
                      .append(f.getKey())
                      .append(": ")
                      .append(
                          f.getValue().isContainerNode()
                              ? f.getValue().toString()
                              : f.getValue().asText())
                      .append('\n'));
    }
    out.append("history:\n");
    for (List<Object> r : history.rows()) {
      out.append("  ");
      for (int i = 0; i < r.size(); i++) {
        if (r.get(i) != null) {
          out.append(history.columns().get(i)).append('=').append(r.get(i)).append("  ");
        }
      }
      out.append('\n');
    }
    return out.toString();
  }

  private static ObjectNode row(List<String> columns, List<Object> values) {
    ObjectNode o = JSON.createObjectNode();
    for (int i = 0; i < columns.size(); i++) {
      Object v = values.get(i);
      String name = columns.get(i);
      if (name.equals("provenance_json") && v != null) {
        try {
          o.set("provenance", JSON.readTree(v.toString()));
        } catch (JsonProcessingException e) {
          o.put("provenance", v.toString());
        }
      } else if (v == null) {
        o.putNull(name);
      } else if (v instanceof Number n) {
        o.putPOJO(name, n);
      } else if (v instanceof Boolean b) {
        o.put(name, b);
      } else {
        o.put(name, v.toString());
      }
    }
    return o;
  }
}
