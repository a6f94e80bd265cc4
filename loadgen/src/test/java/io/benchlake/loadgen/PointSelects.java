package io.benchlake.loadgen;

import io.benchlake.loadgen.run.RunPlan;
import io.benchlake.loadgen.workload.oltp.OltpOptions;
import java.util.List;

/** The small run several ITs start: oltp_point_select, one table of 1000 rows, two workers. */
final class PointSelects {
  private PointSelects() {}

  /** One iteration of {@code seconds}, without warm-up. */
  static RunPlan twoWorkersFor(int seconds) {
    return RunPlan.timed(
        null, "it", "oltp_point_select", OltpOptions.defaults(1, 1000), List.of(2), 1, seconds, 0);
  }
}
