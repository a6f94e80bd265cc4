package io.benchlake.loadgen.run;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;

/** How a failed statement is handled, by MariaDB error code or SQLSTATE (as sysbench does). */
enum ErrorClass {
  /** Deadlock (1213), lock wait timeout (1205), serialization failure (40001): roll back, retry. */
  RETRY,
  /** The connection was lost: reconnect and go on. */
  RECONNECT,
  /** Anything else: the run stops with the error. */
  ABORT;

  static ErrorClass of(SQLException e) {
    int code = e.getErrorCode();
    if (code == 1213 || code == 1205 || "40001".equals(e.getSQLState())) {
      return RETRY;
    }
    if (e instanceof SQLNonTransientConnectionException
        || e instanceof SQLTransientConnectionException
        || code == 2013
        || code == 2006
        || (e.getSQLState() != null && e.getSQLState().startsWith("08"))) {
      return RECONNECT;
    }
    return ABORT;
  }
}
