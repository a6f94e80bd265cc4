package io.benchlake.loadgen.run;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;

/** How a failed statement is handled, by MariaDB error code or SQLSTATE (as sysbench does). */
enum ErrorClass {
  /** An error --mysql-ignore-errors lists (deadlock 1213, lock wait timeout 1205, …): retry. */
  RETRY,
  /** The connection was lost (2006, 2013, 2055, SQLSTATE 08…): reconnect and go on. */
  RECONNECT,
  /** Anything else: the run stops with the error. */
  ABORT;

  static ErrorClass of(SQLException e, ErrorPolicy policy) {
    int code = e.getErrorCode();
    boolean lost =
        e instanceof SQLNonTransientConnectionException
            || e instanceof SQLTransientConnectionException
            || code == 2013
            || code == 2006
            || code == 2055
            || code == 2011
            || (e.getSQLState() != null && e.getSQLState().startsWith("08"));
    if (lost) {
      return RECONNECT;
    }
    if (policy.ignores(code) || ("40001".equals(e.getSQLState()) && policy.ignores(1213))) {
      return RETRY;
    }
    return ABORT;
  }

  /** The error as the run reports it: code, SQLSTATE and the server's message. */
  static String describe(SQLException e) {
    return "SQL error " + e.getErrorCode() + " (" + e.getSQLState() + "): " + e.getMessage();
  }
}
