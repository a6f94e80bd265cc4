package io.benchlake.loadgen.workload;

import java.sql.SQLException;
import java.util.SplittableRandom;

/** One worker's prepared statements; each call of {@link #execute} is one transaction. */
public interface Transaction extends AutoCloseable {

  /** Runs one transaction and says how many statements of each class it sent. */
  QueryCounts execute(SplittableRandom random) throws SQLException;

  /** Undoes a transaction that failed half-way, so the connection can be used again. */
  void rollback() throws SQLException;

  @Override
  void close() throws SQLException;
}
