package io.benchlake.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigDifferencesTest {

  @Test
  void namesTheSettingsThatDifferBetweenTheDatasetsLatestRunsNewestSnapshots() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement st = c.createStatement()) {
      st.execute("ATTACH ':memory:' AS kept");
      st.execute(
          "CREATE TABLE kept.run_facts AS SELECT * FROM (VALUES"
              + " ('A', 'a1', TIMESTAMP '2026-01-01 00:00:00'),"
              + " ('A', 'a2', TIMESTAMP '2026-01-02 00:00:00'),"
              + " ('B', 'b1', TIMESTAMP '2026-01-03 00:00:00'),"
              + " ('C', 'c1', TIMESTAMP '2026-01-04 00:00:00'))"
              + " AS t(dataset, run_id, started_at)");
      st.execute(
          "CREATE TABLE raw_environments AS SELECT * FROM (VALUES"
              // a1 is not A's latest run: its settings are not compared
              + " ('a1', TIMESTAMP '2026-01-01 00:00:00', 1,"
              + "  '[mysqld]' || chr(10) || 'innodb_buffer_pool_size=4G', '{\"version\": \"11.4.5\"}'),"
              + " ('a2', TIMESTAMP '2026-01-02 00:00:00', 1,"
              + "  '[mysqld]' || chr(10) || '# innodb_log_file_size=1G' || chr(10)"
              + "  || 'innodb-buffer-pool-size = 1G' || chr(10) || 'max_connections=500',"
              + "  '{\"version\": \"11.4.5\", \"innodb_buffer_pool_size\": \"1073741824\"}'),"
              // b1's older snapshot is replaced by its newer one
              + " ('b1', TIMESTAMP '2026-01-03 00:00:00', 1, 'innodb_buffer_pool_size=2G', '{}'),"
              + " ('b1', TIMESTAMP '2026-01-03 00:00:01', 2,"
              + "  '[mysqld]' || chr(10) || 'innodb_buffer_pool_size=16M' || chr(10)"
              + "  || 'max_connections=500' || chr(10) || 'skip_name_resolve=ON',"
              + "  '{\"version\": \"11.4.5\", \"innodb_buffer_pool_size\": \"16777216\"}'),"
              + " ('c1', TIMESTAMP '2026-01-04 00:00:00', 1, NULL, NULL))"
              + " AS t(run_id, emitted_at, ingest_seq, config_contents, variables_json)");
      ConfigDifferences d = new ConfigDifferences(c, Map.of());
      assertEquals(
          List.of(
              "cnf innodb_buffer_pool_size 1G -> 16M",
              "cnf skip_name_resolve null -> ON",
              "variable innodb_buffer_pool_size 1073741824 -> 16777216"),
          d.between("A", "B"));
      assertEquals(List.of(), d.between("C", "C"));
      assertEquals(
          List.of(
              "cnf innodb_buffer_pool_size 1G -> null",
              "cnf max_connections 500 -> null",
              "variable innodb_buffer_pool_size 1073741824 -> null",
              "variable version 11.4.5 -> null"),
          d.between("A", "C"));
    }
  }
}
