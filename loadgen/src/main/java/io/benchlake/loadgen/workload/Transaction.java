package io.benchlake.loadgen.workload;

import java.sql.SQLException;

/** One worker's prepared statements; each call of {@link #execute} is one transaction (event). */
public interface Transaction extends AutoCloseable {

  /** Runs one transaction and says how many statements of each class it sent. */
  QueryCounts execute() throws SQLException;

  /** Undoes a transaction that failed half-way, so the connection can be used again. */
  void rollback() throws SQLException;

  /** Sends what the worker still holds back (bulk_insert's last rows) at the end of a run. */
  default QueryCounts finish() throws SQLException {
    return QueryCounts.NONE;
  }

  /**
   * Waits, untimed, before the next transaction (TPC-C's keying and thinking times), at most until
   * {@code deadlineNanos}; by default not at all.
   */
  default void pause(long deadlineNanos) {}

  @Override
  void close() throws SQLException;
}
