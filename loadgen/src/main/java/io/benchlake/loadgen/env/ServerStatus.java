package io.benchlake.loadgen.env;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;

/** The server's numeric global status counters, read around each iteration. */
public final class ServerStatus {
  /**
   * Counters whose change over an iteration becomes an iteration value {@code status:NAME}, so that
   * reports and trends can compare them (the whole set stays in the event).
   */
  public static final List<String> REPORTED =
      List.of(
          "Com_select",
          "Com_insert",
          "Com_update",
          "Com_delete",
          "Com_commit",
          "Com_rollback",
          "Innodb_rows_read",
          "Innodb_rows_inserted",
          "Innodb_rows_updated",
          "Innodb_rows_deleted",
          "Innodb_buffer_pool_reads",
          "Innodb_buffer_pool_read_requests",
          "Innodb_data_fsyncs",
          "Innodb_os_log_written",
          "Innodb_row_lock_waits",
          "Innodb_deadlocks",
          "Created_tmp_disk_tables",
          "Handler_read_rnd_next",
          "Bytes_received",
          "Bytes_sent");

  private ServerStatus() {}

  /** Every counter with an integer value; null when the server does not answer. */
  public static Map<String, Long> read(DataSource dataSource) {
    try (Connection c = dataSource.getConnection();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SHOW GLOBAL STATUS")) {
      Map<String, Long> counters = new TreeMap<>();
      while (rs.next()) {
        String value = rs.getString(2);
        if (value != null && value.matches("-?\\d{1,18}")) {
          counters.put(rs.getString(1), Long.parseLong(value));
        }
      }
      return counters;
    } catch (SQLException e) {
      return null; // a server that died is reported by the iteration itself
    }
  }
}
