package io.benchlake.loadgen.run;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where an iteration's connections come from: {@link ServerConnections} against a server, a fake in
 * the driver's unit tests.
 */
interface WorkerConnections {
  /** A worker's connection, opened before the clock starts. */
  Connection worker() throws SQLException;

  /** A connection with a timeout: a worker's reconnect, the reporter's counter readings. */
  Connection getConnection() throws SQLException;
}
