package io.benchlake.loadgen.workload;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** A benchmark workload: how to build its data, run one transaction, and remove its data. */
public interface Workload {

  /** The workload's name as sysbench spells it, e.g. {@code oltp_read_write}. */
  String name();

  /**
   * Creates and loads the workload's tables, replacing any left from an earlier run; {@code
   * threads} is the most workers any iteration will use (bulk_insert gives each its own table).
   */
  void prepare(DataSource dataSource, int threads) throws SQLException;

  /** The statements of one worker, bound to the connection that worker holds. */
  Transaction newTransaction(Connection connection, Worker worker) throws SQLException;

  void cleanup(DataSource dataSource, int threads) throws SQLException;
}
