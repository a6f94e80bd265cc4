package io.benchlake.loadgen.workload;

import java.util.Map;

/**
 * The options of one workload family (sysbench's OLTP scripts, TPROC-C), as the command line and
 * plan files give them: every option with its value, and the random numbers its workers draw.
 */
public interface WorkloadOptions {

  /** Every option with its value, as the run's properties print them. */
  Map<String, String> asMap();

  /** The distribution of the keys the workers draw. */
  RandOptions rand();

  /** The seed of the random numbers; 0: the current time. */
  long randSeed();

  /** How many connections loading the data uses at once. */
  int loaders();

  /**
   * Whether the workers' statements are prepared on the server (sysbench's --db-ps-mode auto) or
   * sent as text with their values in them (disable).
   */
  default boolean serverPreparedStatements() {
    return true;
  }

  /**
   * The driver properties these options ask of every connection to the server under test (TLS,
   * compression, prepared statements), over the driver's defaults and under the JDBC URL's own.
   */
  default Map<String, String> connectionProperties() {
    return Map.of("useServerPrepStmts", Boolean.toString(serverPreparedStatements()));
  }
}
