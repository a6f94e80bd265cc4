package io.benchlake.loadgen.run;

import io.benchlake.loadgen.workload.Transaction;
import io.benchlake.loadgen.workload.Worker;
import io.benchlake.loadgen.workload.Workload;
import java.sql.Connection;
import java.sql.SQLException;

/** A worker's connection and its prepared statements. */
record Session(Connection connection, Transaction transaction) {
  static Session open(WorkerConnections connections, Workload workload, Worker worker)
      throws SQLException {
    Connection connection = connections.worker();
    try {
      return new Session(connection, workload.newTransaction(connection, worker));
    } catch (SQLException | RuntimeException e) {
      closeQuietly(null, connection);
      throw e;
    }
  }

  static void closeAll(Session[] sessions) {
    for (Session session : sessions) {
      if (session != null) {
        closeQuietly(session.transaction(), session.connection());
      }
    }
  }

  static void closeQuietly(Transaction transaction, Connection connection) {
    try {
      if (transaction != null) {
        transaction.close();
      }
    } catch (SQLException ignored) {
      // the connection is going away anyway
    }
    try {
      if (connection != null) {
        connection.close();
      }
    } catch (SQLException ignored) {
      // nothing more to do for a broken connection
    }
  }
}
