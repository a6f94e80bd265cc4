package io.benchlake.loadgen.workload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Loads rows with multi-row INSERTs of up to {@code rowsPerInsert} rows, the fastest way to fill a
 * table over JDBC: rows are buffered and sent when a statement's worth is there, the rest on {@link
 * #close}.
 */
public final class RowInserter implements AutoCloseable {
  private final Connection connection;
  private final String prefix;
  private final int columns;
  private final int rowsPerInsert;
  private final List<Object> buffer = new ArrayList<>();
  private PreparedStatement full;
  private long rows;

  public RowInserter(Connection connection, String table, List<String> columns, int rowsPerInsert) {
    this.connection = connection;
    this.prefix = "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES ";
    this.columns = columns.size();
    this.rowsPerInsert = rowsPerInsert;
  }

  /** One row, its values in column order. */
  public void add(Object... values) throws SQLException {
    if (values.length != columns) {
      throw new IllegalArgumentException(values.length + " values for " + columns + " columns");
    }
    Collections.addAll(buffer, values);
    if (buffer.size() == columns * rowsPerInsert) {
      if (full == null) {
        full = connection.prepareStatement(sql(rowsPerInsert));
      }
      send(full);
    }
  }

  public long rows() {
    return rows;
  }

  @Override
  public void close() throws SQLException {
    try {
      if (!buffer.isEmpty()) {
        try (PreparedStatement rest = connection.prepareStatement(sql(buffer.size() / columns))) {
          send(rest);
        }
      }
    } finally {
      if (full != null) {
        full.close();
      }
    }
  }

  private void send(PreparedStatement statement) throws SQLException {
    for (int i = 0; i < buffer.size(); i++) {
      statement.setObject(i + 1, buffer.get(i));
    }
    statement.executeUpdate();
    rows += buffer.size() / columns;
    buffer.clear();
  }

  private String sql(int rowCount) {
    String row = "(" + "?,".repeat(columns - 1) + "?)";
    StringBuilder sql = new StringBuilder(prefix.length() + rowCount * (row.length() + 1));
    sql.append(prefix);
    for (int i = 0; i < rowCount; i++) {
      sql.append(i == 0 ? row : "," + row);
    }
    return sql.toString();
  }
}
