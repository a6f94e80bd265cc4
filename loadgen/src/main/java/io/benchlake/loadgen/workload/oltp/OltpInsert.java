package io.benchlake.loadgen.workload.oltp;

import io.benchlake.loadgen.workload.QueryCounts;
import io.benchlake.loadgen.workload.Transaction;
import io.benchlake.loadgen.workload.Worker;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * sysbench's oltp_insert: one INSERT per event as a plain (not prepared) query, as the script sends
 * it; with --auto-inc off the tables start empty and ids are client-generated and unique.
 */
public final class OltpInsert implements SbtestTables {
  private final OltpOptions options;

  public OltpInsert(OltpOptions options) {
    this.options = options;
  }

  @Override
  public OltpOptions options() {
    return options;
  }

  @Override
  public String name() {
    return "oltp_insert";
  }

  @Override
  public void prepare(DataSource dataSource, int threads) throws SQLException {
    OltpSchema.prepare(dataSource, options, options.autoInc() ? options.tableSize() : 0);
  }

  @Override
  public Transaction newTransaction(Connection connection, Worker worker) throws SQLException {
    connection.setAutoCommit(true);
    Statement statement = connection.createStatement();
    // Client-generated ids: worker w of n takes w, w + n, w + 2n, … from the bottom of INT, so no
    // two workers (and no iteration after the last) ever collide; sysbench uses rand.unique().
    long[] next = {Integer.MIN_VALUE + worker.index() + nextFree(connection, worker)};
    return new Transaction() {
      @Override
      public QueryCounts execute() throws SQLException {
        int table = (int) worker.keys().uniform(1, options.tables());
        long id = 0; // 0: the server assigns the AUTO_INCREMENT value
        if (!options.autoInc()) {
          id = next[0];
          next[0] += worker.threads();
        }
        statement.executeUpdate(
            "INSERT INTO sbtest"
                + table
                + " (id, k, c, pad) VALUES ("
                + id
                + ", "
                + worker.keys().key(1, options.tableSize())
                + ", '"
                + SysbenchStrings.c(worker.keys())
                + "', '"
                + SysbenchStrings.pad(worker.keys())
                + "')");
        return new QueryCounts(0, 1, 0);
      }

      @Override
      public void rollback() {
        // autocommit: nothing to undo
      }

      @Override
      public void close() throws SQLException {
        statement.close();
      }
    };
  }

  /** The first free multiple of the thread count above every id the earlier iterations used. */
  private long nextFree(Connection connection, Worker worker) throws SQLException {
    if (options.autoInc()) {
      return 0;
    }
    long highest = Integer.MIN_VALUE - 1L;
    try (Statement st = connection.createStatement()) {
      for (int t = 1; t <= options.tables(); t++) {
        try (var rs = st.executeQuery("SELECT MAX(id) FROM sbtest" + t)) {
          if (rs.next() && rs.getObject(1) != null) {
            highest = Math.max(highest, rs.getLong(1));
          }
        }
      }
    }
    long used = highest - Integer.MIN_VALUE + 1; // ids taken from the bottom so far
    return ((used + worker.threads() - 1) / worker.threads()) * worker.threads();
  }
}
