package io.benchlake.analytics.query;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchlake.analytics.QueryResult;
import io.benchlake.home.BadInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Renders a query result as an aligned table, CSV with a header row, JSON or Markdown. */
public final class ResultFormatter {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ResultFormatter() {}

  public static String render(QueryResult result, OutputFormat format) {
    return switch (format) {
      case TABLE, TEXT -> table(result);
      case CSV -> csv(result);
      case JSON -> json(result);
      case MD -> markdown(result);
      case HTML ->
          throw new BadInputException("sql has no html output: use table, csv, json or md");
    };
  }

  static String text(Object value) {
    if (value == null) {
      return "";
    }
    if (value instanceof Double || value instanceof Float) {
      return NumberText.plain(((Number) value).doubleValue());
    }
    return String.valueOf(value);
  }

  /** A value in CSV: doubles in full precision (the shortest text that reads back the same). */
  static String csvText(Object value) {
    if (value instanceof Double d) {
      return d == Math.rint(d) && Math.abs(d) < 1e15
          ? String.valueOf(d.longValue())
          : String.valueOf(d);
    }
    return text(value);
  }

  private static String table(QueryResult r) {
    int n = r.columns().size();
    int[] width = new int[n];
    for (int i = 0; i < n; i++) {
      width[i] = r.columns().get(i).length();
    }
    List<List<String>> cells = new ArrayList<>();
    for (List<Object> row : r.rows()) {
      List<String> line = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        String t = text(row.get(i)).replace('\n', ' ');
        width[i] = Math.max(width[i], t.length());
        line.add(t);
      }
      cells.add(line);
    }
    StringBuilder out = new StringBuilder();
    appendRow(out, r.columns(), width);
    StringBuilder rule = new StringBuilder();
    for (int i = 0; i < n; i++) {
      rule.append(i == 0 ? "" : "  ").append("-".repeat(width[i]));
    }
    out.append(rule).append('\n');
    cells.forEach(line -> appendRow(out, line, width));
    out.append('(').append(r.rows().size()).append(r.rows().size() == 1 ? " row)\n" : " rows)\n");
    return out.toString();
  }

  private static void appendRow(StringBuilder out, List<String> cells, int[] width) {
    for (int i = 0; i < cells.size(); i++) {
      String cell = cells.get(i);
      out.append(i == 0 ? "" : "  ").append(cell).append(" ".repeat(width[i] - cell.length()));
    }
    int end = out.length();
    while (end > 0 && out.charAt(end - 1) == ' ') {
      end--;
    }
    out.setLength(end);
    out.append('\n');
  }

  private static String csv(QueryResult r) {
    StringBuilder out = new StringBuilder();
    out.append(r.columns().stream().map(ResultFormatter::csvCell).collect(Collectors.joining(",")))
        .append('\n');
    for (List<Object> row : r.rows()) {
      out.append(row.stream().map(v -> csvCell(csvText(v))).collect(Collectors.joining(",")))
          .append('\n');
    }
    return out.toString();
  }

  private static String csvCell(String value) {
    if (value.contains(",")
        || value.contains("\"")
        || value.contains("\n")
        || value.contains("\r")) {
      return "\"" + value.replace("\"", "\"\"") + "\"";
    }
    return value;
  }

  private static String json(QueryResult r) {
    ArrayNode rows = JSON.createArrayNode();
    for (List<Object> row : r.rows()) {
      ObjectNode node = rows.addObject();
      for (int i = 0; i < r.columns().size(); i++) {
        node.set(r.columns().get(i), JSON.valueToTree(jsonValue(row.get(i))));
      }
    }
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(rows) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Object jsonValue(Object value) {
    if (value == null
        || value instanceof Number
        || value instanceof Boolean
        || value instanceof List) {
      return value;
    }
    return String.valueOf(value);
  }

  private static String markdown(QueryResult r) {
    StringBuilder out = new StringBuilder();
    out.append("| ").append(String.join(" | ", r.columns())).append(" |\n");
    out.append("|").append(" --- |".repeat(r.columns().size())).append('\n');
    for (List<Object> row : r.rows()) {
      out.append("| ")
          .append(
              row.stream()
                  .map(v -> text(v).replace("|", "\\|").replace('\n', ' '))
                  .collect(Collectors.joining(" | ")))
          .append(" |\n");
    }
    return out.toString();
  }
}
