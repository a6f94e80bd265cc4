package io.benchlake.warehouse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The warehouse's Parquet tables. Each has an Avro schema ({@code /warehouse/NAME.avsc}) that the
 * Flink job writes with and that the query side reads to type an empty table.
 */
public enum WarehouseTable {
  RUNS("runs"),
  ENVIRONMENTS("environments"),
  SAMPLES("samples"),
  ITERATIONS("iterations"),
  TIMINGS("timings"),
  ANNOTATIONS("annotations"),
  SOURCE_STATISTICS("source_statistics"),
  ALIASES("aliases"),
  RETRACTIONS("retractions"),
  ALERT_EVENTS("alert_events"),
  ALERT_STATES("alert_states");

  private final String dirName;

  WarehouseTable(String dirName) {
    this.dirName = dirName;
  }

  /** The table's directory under the warehouse root, and its name in the raw_ views. */
  public String dirName() {
    return dirName;
  }

  /** The Avro schema as JSON text. */
  public String avroSchema() {
    try (InputStream in =
        WarehouseTable.class.getResourceAsStream("/warehouse/" + dirName + ".avsc")) {
      if (in == null) {
        throw new IllegalStateException("missing /warehouse/" + dirName + ".avsc");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The columns with their types, from the Avro schema (all nullable). */
  public List<Column> columns() {
    try {
      JsonNode schema = new ObjectMapper().readTree(avroSchema());
      List<Column> columns = new ArrayList<>();
      for (JsonNode field : schema.get("fields")) {
        JsonNode type = field.get("type").get(1);
        String base = type.isTextual() ? type.asText() : type.get("type").asText();
        String logical =
            type.isObject() && type.has("logicalType") ? type.get("logicalType").asText() : null;
        columns.add(new Column(field.get("name").asText(), base, logical));
      }
      return columns;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One column: its Avro type and logical type (null when plain). */
  public record Column(String name, String avroType, String logicalType) {}
}
