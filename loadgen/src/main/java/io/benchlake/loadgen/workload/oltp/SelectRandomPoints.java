package io.benchlake.loadgen.workload.oltp;

import io.benchlake.loadgen.workload.Worker;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** sysbench's select_random_points: rows whose k is one of --random-points random values. */
public final class SelectRandomPoints extends SelectRandom {
  public SelectRandomPoints(OltpOptions options) {
    super(options);
  }

  @Override
  public String name() {
    return "select_random_points";
  }

  @Override
  String sql() {
    return "SELECT id, k, c, pad FROM sbtest1 WHERE k IN ("
        + "?, ".repeat(options.randomPoints() - 1)
        + "?)";
  }

  @Override
  void bind(PreparedStatement statement, Worker worker, long min, long max) throws SQLException {
    for (int i = 1; i <= options.randomPoints(); i++) {
      statement.setLong(i, worker.keys().key(min, max));
    }
  }
}
