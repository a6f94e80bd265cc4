package io.benchlake.loadgen.run;

import io.benchlake.loadgen.workload.QueryCounts;
import io.benchlake.loadgen.workload.Transaction;
import io.benchlake.loadgen.workload.Worker;
import io.benchlake.loadgen.workload.Workload;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The hot path: one worker's transactions, timed and counted, with its errors retried, reconnected
 * or ending the iteration as {@link ErrorClass} says. Nothing here allocates per transaction.
 */
final class WorkerLoop {
  private final WorkerConnections connections;
  private final Workload workload;
  private final RunPlan plan;

  WorkerLoop(WorkerConnections connections, Workload workload, RunPlan plan) {
    this.connections = connections;
    this.workload = workload;
    this.plan = plan;
  }

  /**
   * Runs one worker's transactions until the iteration ends; false when this worker stopped on an
   * error of its own.
   */
  boolean work(
      Worker worker,
      Session session,
      Bounds bounds,
      AtomicReferenceArray<Connection> current,
      AtomicReference<String> failure,
      Counters.Count count,
      long[] events,
      long[] busyNanos) {
    int index = worker.index();
    // Counted here and handed over at the end: the arrays' elements of all workers share cache
    // lines, which every event written to them would move between the cores.
    long done = 0;
    long busy = 0;
    Connection connection = session.connection();
    current.set(index, connection);
    Transaction transaction = session.transaction();
    boolean aborted = false;
    try {
      long t0;
      while ((t0 = bounds.next()) >= 0) {
        try {
          QueryCounts q = transaction.execute();
          long took = System.nanoTime() - t0;
          count.add(q, took);
          if (t0 >= bounds.measuredFrom()) {
            done++;
            busy += took;
          }
          transaction.pause(bounds.deadline());
        } catch (SQLException e) {
          if (t0 >= bounds.measuredFrom()) {
            busy += System.nanoTime() - t0;
          }
          if (bounds.stop().get() && failure.get() != null) {
            aborted = true; // cut off by a forced shutdown, or ended by another worker's failure
            break;
          }
          switch (ErrorClass.of(e, plan.ignoreErrors())) {
            case RETRY -> {
              count.add(Counters.ERRORS, 1);
              transaction.rollback();
            }
            case RECONNECT -> {
              count.add(Counters.RECONNECTS, 1);
              Session.closeQuietly(transaction, connection);
              // With a timeout: the server may be gone for good. This worker's reads then poll.
              connection = connections.getConnection();
              current.set(index, connection);
              transaction = workload.newTransaction(connection, worker);
            }
            case ABORT -> {
              failure.compareAndSet(null, ErrorClass.describe(e));
              bounds.stop().set(true);
              aborted = true;
            }
          }
        }
      }
      QueryCounts last = transaction.finish();
      count.add(Counters.READS, last.reads());
      count.add(Counters.WRITES, last.writes());
      count.add(Counters.OTHER, last.other());
      return !aborted;
    } catch (SQLException e) {
      failure.compareAndSet(null, ErrorClass.describe(e));
      bounds.stop().set(true);
      return false;
    } finally {
      events[index] = done;
      busyNanos[index] = busy;
      Session.closeQuietly(transaction, connection);
    }
  }
}
