package io.benchlake.analytics;

import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@code raw_TABLE} views the SQL files build on: the committed Parquet files of a table, or a
 * typed empty table when it has none yet, so views never fail on an empty warehouse.
 */
public final class RawTables {
  private RawTables() {}

  public static String viewName(WarehouseTable table) {
    return "raw_" + table.dirName();
  }

  /** DDL for the raw view of a table over the given files. */
  public static String createView(WarehouseTable table, List<Path> files) {
    // The typed empty table, united by name with the files: columns that older files lack (the
    // schema grew since they were written) read as NULL, so every version ever written is read.
    String body =
        files.isEmpty()
            ? emptySelect(table)
            : "(" + emptySelect(table) + ") UNION ALL BY NAME (" + readParquet(files) + ")";
    return "CREATE OR REPLACE VIEW " + viewName(table) + " AS " + body;
  }

  /** A SELECT of no rows with the table's columns and types, and its month partition column. */
  public static String emptySelect(WarehouseTable table) {
    String columns =
        table.columns().stream()
            .map(c -> "CAST(NULL AS " + duckType(c) + ") AS " + quote(c.name()))
            .collect(Collectors.joining(", "));
    return "SELECT " + columns + ", CAST(NULL AS VARCHAR) AS month WHERE false";
  }

  private static String readParquet(List<Path> files) {
    String list = files.stream().map(p -> literal(p.toString())).collect(Collectors.joining(", "));
    return "SELECT * FROM read_parquet(["
        + list
        + "], hive_partitioning = true, union_by_name = true)";
  }

  static String duckType(WarehouseTable.Column c) {
    if ("local-timestamp-micros".equals(c.logicalType())
        || "timestamp-micros".equals(c.logicalType())) {
      return "TIMESTAMP";
    }
    return switch (c.avroType()) {
      case "string" -> "VARCHAR";
      case "int" -> "INTEGER";
      case "long" -> "BIGINT";
      case "double" -> "DOUBLE";
      case "float" -> "FLOAT";
      case "boolean" -> "BOOLEAN";
      default -> throw new IllegalStateException("no DuckDB type for Avro " + c.avroType());
    };
  }

  static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  private static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
