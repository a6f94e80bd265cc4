package io.benchlake.loadgen.workload.oltp;

import io.benchlake.loadgen.workload.Workload;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * A workload on sbtest1..--tables, as sysbench's oltp_* scripts (oltp_common.lua): its tables are
 * described, prewarmed, checked and dropped alike.
 */
interface SbtestTables extends Workload {
  OltpOptions options();

  @Override
  default String describeData(int threads) {
    return OltpSchema.describe(options().tables(), options().tableSize(), name());
  }

  @Override
  default void prewarm(DataSource dataSource, int threads) throws SQLException {
    OltpSchema.prewarm(dataSource, options(), threads);
  }

  @Override
  default void requireData(DataSource dataSource, int threads) throws SQLException {
    OltpSchema.require(dataSource, options().tables());
  }

  @Override
  default void cleanup(DataSource dataSource, int threads) throws SQLException {
    OltpSchema.cleanup(dataSource, options().tables());
  }
}
