package io.benchlake.loadgen.workload.oltp;

import io.benchlake.loadgen.workload.Worker;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** sysbench's select_random_ranges: COUNT(k) over --number-of-ranges ranges of --delta on k. */
public final class SelectRandomRanges extends SelectRandom {
  public SelectRandomRanges(OltpOptions options) {
    super(options);
  }

  @Override
  public String name() {
    return "select_random_ranges";
  }

  @Override
  String sql() {
    return "SELECT count(k) FROM sbtest1 WHERE "
        + "k BETWEEN ? AND ? OR ".repeat(options.numberOfRanges() - 1)
        + "k BETWEEN ? AND ?";
  }

  @Override
  void bind(PreparedStatement statement, Worker worker, long min, long max) throws SQLException {
    for (int i = 0; i < options.numberOfRanges(); i++) {
      long value = worker.keys().key(min, max);
      statement.setLong(2 * i + 1, value);
      statement.setLong(2 * i + 2, value + options.delta());
    }
  }
}
