package io.benchlake.loadgen.workload.oltp;

import io.benchlake.loadgen.workload.QueryCounts;
import io.benchlake.loadgen.workload.Transaction;
import io.benchlake.loadgen.workload.Worker;
import io.benchlake.loadgen.workload.Workload;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * sysbench's bulk_insert: each worker appends rows (id, k) to its own table sbtestN; an event is
 * one row, and the rows go to the server as multi-row INSERTs of up to {@link #BUFFER_BYTES}, as
 * sysbench's bulk_insert_next buffers them, the last one when the worker finishes.
 */
public final class BulkInsert implements Workload {
  static final int BUFFER_BYTES = 512 * 1024;

  public BulkInsert(OltpOptions options) {
    // bulk_insert takes none of the OLTP options
  }

  @Override
  public String name() {
    return "bulk_insert";
  }

  @Override
  public String describeData(int threads) {
    return OltpSchema.describe(threads, 0, name());
  }

  @Override
  public void prepare(DataSource dataSource, int threads) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement st = c.createStatement()) {
      for (int t = 1; t <= threads; t++) {
        st.execute("DROP TABLE IF EXISTS sbtest" + t);
        st.execute(
            "CREATE TABLE sbtest"
                + t
                + " (id INTEGER NOT NULL, k INTEGER DEFAULT '0' NOT NULL, PRIMARY KEY (id))");
      }
    }
  }

  @Override
  public Transaction newTransaction(Connection connection, Worker worker) throws SQLException {
    connection.setAutoCommit(true);
    String table = "sbtest" + (worker.index() + 1);
    Statement statement = connection.createStatement();
    long last;
    try (ResultSet rs = statement.executeQuery("SELECT COALESCE(MAX(id), 0) FROM " + table)) {
      rs.next();
      last = rs.getLong(1); // a later iteration goes on where the last one stopped
    }
    String head = "INSERT INTO " + table + " VALUES ";
    long start = last;
    return new Transaction() {
      private final StringBuilder buffer = new StringBuilder(BUFFER_BYTES + 64);
      private long size = start;

      @Override
      public QueryCounts execute() throws SQLException {
        size++;
        String row = "(" + size + "," + size + ")";
        int sent = 0;
        if (buffer.length() + row.length() + 1 > BUFFER_BYTES) {
          sent = flush();
        }
        buffer.append(buffer.length() == 0 ? head : ",").append(row);
        return new QueryCounts(0, sent, 0);
      }

      private int flush() throws SQLException {
        if (buffer.length() == 0) {
          return 0;
        }
        statement.executeUpdate(buffer.toString());
        buffer.setLength(0);
        return 1;
      }

      @Override
      public QueryCounts finish() throws SQLException {
        return new QueryCounts(0, flush(), 0);
      }

      @Override
      public void rollback() {
        buffer.setLength(0);
      }

      @Override
      public void close() throws SQLException {
        statement.close();
      }
    };
  }

  @Override
  public void requireData(DataSource dataSource, int threads) throws SQLException {
    OltpSchema.require(dataSource, threads);
  }

  @Override
  public void cleanup(DataSource dataSource, int threads) throws SQLException {
    OltpSchema.cleanup(dataSource, threads);
  }
}
