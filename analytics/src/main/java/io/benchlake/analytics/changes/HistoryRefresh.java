package io.benchlake.analytics.changes;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.home.BadInputException;
import io.benchlake.warehouse.Warehouse;
import java.util.List;

/**
 * After a warehouse commit, the histories `changes` kept at the commit before are read again at the
 * new one, so that the first `changes` after an ingest answers from {@link HistoryCache} instead of
 * starting DuckDB and scanning the Parquet files (over 1,000 runs: 0.6-0.8 s whole instead of
 * 1.4-1.7, bench/changes-time). Each is read by the very query a `changes` command runs ({@link
 * ChangesQuery#history(AnalyticsSession, ChangesQuery.Series)}) and kept at the session's own
 * commit, so an entry is what a command would compute there, and an ingest that committed meanwhile
 * makes it unreachable, never stale.
 */
public final class HistoryRefresh {
  /**
   * The most recently asked series read again at most: each costs an ingest about 0.2 s of DuckDB
   * (over 1,000 runs), and a series asked longer ago is read at its next `changes`, as before.
   */
  static final int MOST = 16;

  private HistoryRefresh() {}

  /** What a refresh did: the commit it read, the histories it kept there and those it could not. */
  public record Result(String commit, int kept, int notKept) {}

  /**
   * Reads again, at the warehouse's current commit, the histories kept at an earlier one (no
   * session at all when none was). A series that now has no history, or runs on several hosts, is
   * left out: its `changes` says so as before.
   */
  public static Result refresh(Warehouse warehouse, HistoryCache cache) {
    String current = warehouse.commit().id();
    List<ChangesQuery.Series> asked = cache.askedBefore(current, MOST);
    if (asked.isEmpty()) {
      return new Result(current, 0, 0);
    }
    try (AnalyticsSession session = ChangesQuery.openSession(warehouse)) {
      int kept = 0;
      // the one asked longest ago first, so that the entries keep the order they were asked in
      for (int i = asked.size() - 1; i >= 0; i--) {
        ChangesQuery.Series series = asked.get(i);
        try {
          cache.store(session.commit(), series, ChangesQuery.history(session, series));
          kept++;
        } catch (BadInputException noHistory) {
          // said by the next `changes` of this series, which reads it anew
        }
      }
      return new Result(session.commit(), kept, asked.size() - kept);
    }
  }
}
