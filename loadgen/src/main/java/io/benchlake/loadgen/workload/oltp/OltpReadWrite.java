package io.benchlake.loadgen.workload.oltp;

import io.benchlake.loadgen.workload.QueryCounts;
import io.benchlake.loadgen.workload.Transaction;
import io.benchlake.loadgen.workload.Workload;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** sysbench's oltp_read_write: point selects, four range kinds, updates, a delete and an insert. */
public final class OltpReadWrite implements Workload {
  private final OltpOptions options;

  public OltpReadWrite(OltpOptions options) {
    this.options = options;
  }

  @Override
  public String name() {
    return "oltp_read_write";
  }

  public OltpOptions options() {
    return options;
  }

  @Override
  public void prepare(DataSource dataSource) throws SQLException {
    OltpSchema.prepare(dataSource, options);
  }

  @Override
  public Transaction newTransaction(Connection connection) throws SQLException {
    return new OltpStatements(connection, options);
  }

  @Override
  public void cleanup(DataSource dataSource) throws SQLException {
    OltpSchema.cleanup(dataSource, options);
  }

  /** The per-transaction statement counts, for checking the mix. */
  public QueryCounts mix() {
    int reads =
        options.pointSelects()
            + options.simpleRanges()
            + options.sumRanges()
            + options.orderRanges()
            + options.distinctRanges();
    int writes = options.indexUpdates() + options.nonIndexUpdates() + 2 * options.deleteInserts();
    return new QueryCounts(reads, writes, 2);
  }
}
