package io.benchlake.ingest;

import io.benchlake.home.DiskSpace;
import io.benchlake.warehouse.IngestTransaction;

/**
 * What a failed ingest job tells the user: a full disk is one line naming where and how much is
 * needed (exit 6) with the job's staging removed, not Flink's JobExecutionException.
 */
final class IngestFailures {
  private IngestFailures() {}

  /**
   * Rethrows {@code e} as the one-line environment error it stands for, if it does; {@code
   * logBytes} is about how much the events the job read into {@code ingest}'s staging take in the
   * log.
   */
  static void translate(Exception e, IngestTransaction ingest, long logBytes) {
    if (DiskSpace.isFull(e)) {
      // What the job staged is of no use and holds the space the user is asked to free.
      ingest.discard();
      DiskSpace.refuseIfFull(e, ingest.staging(), logBytes);
    }
  }

  /** The first line of the innermost message of {@code e}, for a one-line error. */
  static String firstLine(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage() == null ? root.toString() : root.getMessage();
    return message.lines().findFirst().orElse(message);
  }
}
