package io.benchlake.loadgen.workload.oltp;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;

/** sysbench's sbtest tables: created, loaded in parallel with multi-row inserts, indexed after. */
final class OltpSchema {
  private static final int ROWS_PER_INSERT = 1000;

  private OltpSchema() {}

  static void prepare(DataSource dataSource, OltpOptions options) throws SQLException {
    int parallel =
        Math.max(1, Math.min(options.tables(), Runtime.getRuntime().availableProcessors()));
    ExecutorService pool = Executors.newFixedThreadPool(parallel);
    try {
      List<Future<?>> loads = new ArrayList<>();
      for (int t = 1; t <= options.tables(); t++) {
        int table = t;
        loads.add(
            pool.submit(
                () -> {
                  loadTable(dataSource, options, table);
                  return null;
                }));
      }
      for (Future<?> load : loads) {
        load.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted while loading tables", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof SQLException sql) {
        throw sql;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  static void cleanup(DataSource dataSource, OltpOptions options) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement st = c.createStatement()) {
      for (int t = 1; t <= options.tables(); t++) {
        st.execute("DROP TABLE IF EXISTS sbtest" + t);
      }
    }
  }

  private static void loadTable(DataSource dataSource, OltpOptions options, int table)
      throws SQLException {
    SplittableRandom random = new SplittableRandom(table);
    try (Connection c = dataSource.getConnection();
        Statement st = c.createStatement()) {
      st.execute("DROP TABLE IF EXISTS sbtest" + table);
      st.execute(
          "CREATE TABLE sbtest"
              + table
              + " ("
              + "id INTEGER NOT NULL AUTO_INCREMENT, "
              + "k INTEGER DEFAULT '0' NOT NULL, "
              + "c CHAR(120) DEFAULT '' NOT NULL, "
              + "pad CHAR(60) DEFAULT '' NOT NULL, "
              + "PRIMARY KEY (id)) ENGINE="
              + options.storageEngine());
      long id = 1;
      while (id <= options.tableSize()) {
        int rows = (int) Math.min(ROWS_PER_INSERT, options.tableSize() - id + 1);
        StringBuilder sql =
            new StringBuilder("INSERT INTO sbtest" + table + " (id, k, c, pad) VALUES ");
        for (int i = 0; i < rows; i++) {
          sql.append(i == 0 ? "(?,?,?,?)" : ",(?,?,?,?)");
        }
        try (PreparedStatement insert = c.prepareStatement(sql.toString())) {
          for (int i = 0; i < rows; i++) {
            insert.setLong(4 * i + 1, id + i);
            insert.setLong(4 * i + 2, 1 + random.nextLong(options.tableSize()));
            insert.setString(4 * i + 3, SysbenchStrings.c(random));
            insert.setString(4 * i + 4, SysbenchStrings.pad(random));
          }
          insert.executeUpdate();
        }
        id += rows;
      }
      // sysbench creates the secondary index after loading, which is much faster than before.
      st.execute("CREATE INDEX k_" + table + " ON sbtest" + table + "(k)");
    }
  }
}
