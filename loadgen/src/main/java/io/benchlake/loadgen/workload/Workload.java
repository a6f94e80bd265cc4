package io.benchlake.loadgen.workload;

import io.benchlake.home.BadInputException;
import io.benchlake.schemas.Property;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/** A benchmark workload: how to build its data, run one transaction, and remove its data. */
public interface Workload {

  /** The workload's name as sysbench spells it, e.g. {@code oltp_read_write}. */
  String name();

  /** The suite its results belong to: sysbench for the OLTP family, hammerdb-tprocc for TPROC-C. */
  default String suite() {
    return "sysbench";
  }

  /** What {@link #prepare} is about to build, for the line printed before it. */
  String describeData(int threads);

  /**
   * Creates and loads the workload's tables, replacing any left from an earlier run; {@code
   * threads} is the most workers any iteration will use (bulk_insert gives each its own table).
   */
  void prepare(DataSource dataSource, int threads) throws SQLException;

  /**
   * Checks that the data a run needs is there (a run with --no-prepare); a missing schema is a
   * BadInputException saying what is missing.
   */
  default void requireData(DataSource dataSource, int threads) throws SQLException {}

  /**
   * Checks, before any server starts, the options that only its prepare and cleanup cannot take
   * (sysbench's select_random_* measure with any --tables but make and drop only one table); a
   * mistake is an IllegalArgumentException naming the option.
   */
  default void checkTableOptions() {}

  /**
   * Reads the tables into the server's buffer pool, as sysbench's prewarm command of its oltp_*
   * scripts, on {@code threads} connections; the other workloads have no prewarm, as in sysbench.
   */
  default void prewarm(DataSource dataSource, int threads) throws SQLException {
    throw new BadInputException(
        name() + " has no prewarm command (sysbench's oltp_* workloads have one)");
  }

  /** The statements of one worker, bound to the connection that worker holds. */
  Transaction newTransaction(Connection connection, Worker worker) throws SQLException;

  /** Counts on the server whose per-minute rates are the workload's figures (NOPM, TPM). */
  default List<ServerCounter> counters() {
    return List.of();
  }

  /** Whether {@link #consistencyFailures} checks anything. */
  default boolean checksConsistency() {
    return false;
  }

  /** The consistency conditions the data breaks now; empty when it is consistent. */
  default List<String> consistencyFailures(DataSource dataSource) throws SQLException {
    return List.of();
  }

  /** Test properties the workload adds to the run (TPROC-C: Number of warehouses, ...). */
  default List<Property> properties() {
    return List.of();
  }

  void cleanup(DataSource dataSource, int threads) throws SQLException;
}
