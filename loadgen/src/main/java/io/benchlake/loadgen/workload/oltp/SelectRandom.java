package io.benchlake.loadgen.workload.oltp;

import io.benchlake.loadgen.workload.QueryCounts;
import io.benchlake.loadgen.workload.Transaction;
import io.benchlake.loadgen.workload.Worker;
import io.benchlake.loadgen.workload.Workload;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * What select_random_points and select_random_ranges share: one table, one prepared SELECT per
 * event on k, each worker drawing from its own slice of the table so the workers do not overlap.
 */
abstract sealed class SelectRandom implements Workload
    permits SelectRandomPoints, SelectRandomRanges {
  protected final OltpOptions options;

  SelectRandom(OltpOptions options) {
    this.options = options;
  }

  /** As in sysbench: a run reads sbtest1 whatever --tables says; prepare and cleanup refuse. */
  @Override
  public void checkTableOptions() {
    if (options.tables() != 1) {
      throw new IllegalArgumentException(
          "this benchmark does not support --tables > 1, was " + options.tables());
    }
  }

  /** The statement's SQL. */
  abstract String sql();

  /** Binds one event's values, drawn from [min, max]. */
  abstract void bind(PreparedStatement statement, Worker worker, long min, long max)
      throws SQLException;

  @Override
  public String describeData(int threads) {
    return OltpSchema.describe(options.tables(), options.tableSize(), name());
  }

  @Override
  public void prepare(DataSource dataSource, int threads) throws SQLException {
    checkTableOptions();
    OltpSchema.prepare(dataSource, options, options.tableSize());
  }

  @Override
  public Transaction newTransaction(Connection connection, Worker worker) throws SQLException {
    connection.setAutoCommit(true);
    PreparedStatement statement = connection.prepareStatement(sql());
    long slice = options.tableSize() / worker.threads();
    long min = slice * worker.index();
    long max = min + slice;
    return new Transaction() {
      @Override
      public QueryCounts execute() throws SQLException {
        bind(statement, worker, min, max);
        OltpTransaction.drain(statement);
        return new QueryCounts(1, 0, 0);
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

  @Override
  public void requireData(DataSource dataSource, int threads) throws SQLException {
    OltpSchema.require(dataSource, 1);
  }

  @Override
  public void cleanup(DataSource dataSource, int threads) throws SQLException {
    checkTableOptions();
    OltpSchema.cleanup(dataSource, 1);
  }
}
