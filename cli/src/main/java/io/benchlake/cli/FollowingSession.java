package io.benchlake.cli;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryResult;
import io.benchlake.home.BadInputException;
import io.benchlake.warehouse.Warehouse;
import java.io.PrintStream;
import java.util.function.Function;

/**
 * A session of `benchlake sql` that outlives the commit it opened on: when a statement fails and
 * the warehouse has moved to a new commit since (a compaction removed files the session had planned
 * on), it reopens on the new commit, says so, and runs the statement once more.
 */
final class FollowingSession implements AutoCloseable {
  private final Warehouse warehouse;
  private final Function<Warehouse, AnalyticsSession> opener;
  private final PrintStream notes;
  private AnalyticsSession session;

  FollowingSession(
      Warehouse warehouse, Function<Warehouse, AnalyticsSession> opener, PrintStream notes) {
    this.warehouse = warehouse;
    this.opener = opener;
    this.notes = notes;
    this.session = opener.apply(warehouse);
  }

  /** The result of {@code sql} on the current commit; a user's mistake stays one line. */
  QueryResult query(String sql) {
    try {
      return session.query(sql);
    } catch (BadInputException e) {
      if (warehouse.commit().id().equals(session.commit())) {
        throw e;
      }
      session.close();
      session = opener.apply(warehouse);
      notes.println("(the warehouse moved to a new commit: reading it now)");
      return session.query(sql);
    }
  }

  @Override
  public void close() {
    session.close();
  }
}
