package io.benchlake.loadgen.workload;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A count the server keeps that a workload's figure is the per-minute rate of, read before and
 * after a window as HammerDB's monitor does: NOPM from the districts' next order ids, TPM from
 * Com_commit + Com_rollback.
 */
public interface ServerCounter {

  /** The figure's name, e.g. NOPM. */
  String name();

  /** The counter's value now. */
  long read(Connection monitor) throws SQLException;
}
