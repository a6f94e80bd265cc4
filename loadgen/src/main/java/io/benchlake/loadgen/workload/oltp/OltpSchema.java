package io.benchlake.loadgen.workload.oltp;

import io.benchlake.home.BadInputException;
import io.benchlake.loadgen.workload.ParallelLoad;
import io.benchlake.loadgen.workload.RandomKeys;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import javax.sql.DataSource;

/** sysbench's sbtest tables: created, loaded in parallel with multi-row inserts, indexed after. */
final class OltpSchema {
  private static final int ROWS_PER_INSERT = 1000;

  private OltpSchema() {}

  /** "4 tables of 10000 rows (oltp_read_write)", printed before a prepare. */
  static String describe(int tables, long rows, String workload) {
    return String.format(
        java.util.Locale.ROOT, "%d tables of %d rows (%s)", tables, rows, workload);
  }

  /** Creates the sbtest tables and loads {@code rows} rows into each (oltp_insert may ask 0). */
  static void prepare(DataSource dataSource, OltpOptions options, long rows) throws SQLException {
    ParallelLoad.run(
        options.loaders(),
        options.tables(),
        "tables",
        table -> loadTable(dataSource, options, table, rows));
  }

  /**
   * Checks that sbtest1..{@code tables} are there before a run that does not prepare them: a
   * missing one is a user mistake (no prepare), said in one line before any event is published.
   */
  static void require(DataSource dataSource, int tables) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT DATABASE(), TABLE_NAME FROM information_schema.TABLES"
                    + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE 'sbtest%'")) {
      Set<String> found = new HashSet<>();
      String database = null;
      while (rs.next()) {
        database = rs.getString(1);
        found.add(rs.getString(2));
      }
      for (int t = 1; t <= tables; t++) {
        if (!found.contains("sbtest" + t)) {
          throw new BadInputException(
              "table sbtest"
                  + t
                  + " is not in database '"
                  + (database == null ? c.getCatalog() : database)
                  + "'; make the tables first with the prepare command, or run without"
                  + " --no-prepare");
        }
      }
    }
  }

  /**
   * sysbench's prewarm: each table analysed, then read whole through its primary key and through k,
   * with in-memory temporary tables; {@code threads} connections share the tables.
   */
  static void prewarm(DataSource dataSource, OltpOptions options, int threads) throws SQLException {
    ParallelLoad.run(
        Math.min(threads, options.tables()),
        options.tables(),
        "tables",
        table -> {
          try (Connection c = dataSource.getConnection();
              Statement st = c.createStatement()) {
            st.execute("SET tmp_table_size=2*1024*1024*1024");
            st.execute("SET max_heap_table_size=2*1024*1024*1024");
            String t = "sbtest" + table;
            st.execute("ANALYZE TABLE " + t);
            st.executeQuery(
                    "SELECT AVG(id) FROM (SELECT * FROM "
                        + t
                        + " FORCE KEY (PRIMARY) LIMIT "
                        + options.tableSize()
                        + ") t")
                .close();
            st.executeQuery(
                    "SELECT COUNT(*) FROM (SELECT * FROM "
                        + t
                        + " WHERE k LIKE '%0%' LIMIT "
                        + options.tableSize()
                        + ") t")
                .close();
          }
        });
  }

  static void cleanup(DataSource dataSource, int tables) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement st = c.createStatement()) {
      for (int t = 1; t <= tables; t++) {
        st.execute("DROP TABLE IF EXISTS sbtest" + t);
      }
    }
  }

  private static void loadTable(DataSource dataSource, OltpOptions options, int table, long rows)
      throws SQLException {
    long seed = options.randSeed() != 0 ? options.randSeed() * 31 + table : table;
    RandomKeys keys = new RandomKeys(new SplittableRandom(seed), options.rand());
    String name = "sbtest" + table;
    try (Connection c = dataSource.getConnection();
        Statement st = c.createStatement()) {
      st.execute("DROP TABLE IF EXISTS " + name);
      st.execute(
          "CREATE TABLE "
              + name
              + " (id INTEGER NOT NULL"
              + (options.autoInc() ? " AUTO_INCREMENT" : "")
              + ", k INTEGER DEFAULT '0' NOT NULL"
              + ", c CHAR(120) DEFAULT '' NOT NULL"
              + ", pad CHAR(60) DEFAULT '' NOT NULL, "
              + (options.secondary() ? "KEY xid" : "PRIMARY KEY")
              + " (id)) ENGINE="
              + options.storageEngine());
      // With auto_inc the server numbers the rows, as sysbench leaves it to.
      String columns = options.autoInc() ? "(k, c, pad)" : "(id, k, c, pad)";
      String row = options.autoInc() ? "(?,?,?)" : "(?,?,?,?)";
      long id = 1;
      while (id <= rows) {
        int batch = (int) Math.min(ROWS_PER_INSERT, rows - id + 1);
        StringBuilder sql = new StringBuilder("INSERT INTO " + name + " " + columns + " VALUES ");
        for (int i = 0; i < batch; i++) {
          sql.append(i == 0 ? row : "," + row);
        }
        try (PreparedStatement insert = c.prepareStatement(sql.toString())) {
          int p = 1;
          for (int i = 0; i < batch; i++) {
            if (!options.autoInc()) {
              insert.setLong(p++, id + i);
            }
            insert.setLong(p++, keys.key(1, options.tableSize()));
            insert.setString(p++, SysbenchStrings.c(keys));
            insert.setString(p++, SysbenchStrings.pad(keys));
          }
          insert.executeUpdate();
        }
        id += batch;
      }
      // sysbench creates the secondary index after loading, which is much faster than before.
      if (options.createSecondary()) {
        st.execute("CREATE INDEX k_" + table + " ON " + name + "(k)");
      }
    }
  }
}
