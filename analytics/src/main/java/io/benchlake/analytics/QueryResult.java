package io.benchlake.analytics;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A query's columns and rows, read whole (queries over the views are small). */
public record QueryResult(List<String> columns, List<List<Object>> rows) {

  public QueryResult {
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
  }

  public static QueryResult empty() {
    return new QueryResult(List.of(), List.of());
  }

  public static QueryResult of(ResultSet rs) throws SQLException {
    return of(rs, Integer.MAX_VALUE);
  }

  /** The first {@code maxRows} rows of {@code rs}, the rest left unread. */
  public static QueryResult of(ResultSet rs, int maxRows) throws SQLException {
    ResultSetMetaData meta = rs.getMetaData();
    List<String> columns = new ArrayList<>();
    for (int i = 1; i <= meta.getColumnCount(); i++) {
      columns.add(meta.getColumnLabel(i));
    }
    List<List<Object>> rows = new ArrayList<>();
    while (rows.size() < maxRows && rs.next()) {
      List<Object> row = new ArrayList<>();
      for (int i = 1; i <= columns.size(); i++) {
        Object value = rs.getObject(i);
        if (value instanceof Array array) {
          value = Arrays.asList((Object[]) array.getArray());
        }
        row.add(value);
      }
      rows.add(row);
    }
    return new QueryResult(columns, rows);
  }
}
