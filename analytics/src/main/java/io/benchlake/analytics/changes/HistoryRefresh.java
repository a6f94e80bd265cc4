package io.benchlake.analytics.changes;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.warehouse.Warehouse;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * After a warehouse commit, every series' history is read at the new commit in one pass ({@link
 * EverySeries}: three queries for all tests, thread counts, metrics and hosts) and kept in one file
 * ({@link CommitHistories}), so that the first `changes` of any series after an ingest, asked
 * before or never, answers from {@link HistoryCache} instead of starting DuckDB and scanning the
 * Parquet files. The file is written at the session's own commit, so an entry is what a command
 * would compute there, and an ingest that committed meanwhile makes it unreachable, never stale.
 */
public final class HistoryRefresh {
  private HistoryRefresh() {}

  /** What a refresh did: the commit it read, the series it kept there, the file's size. */
  public record Result(String commit, int series, long bytes) {}

  /** Reads and keeps every series' history at the current commit, unless kept there already. */
  public static Result refresh(Warehouse warehouse, HistoryCache cache) {
    String current = warehouse.commit().id();
    if (cache.hasEvery(current)) {
      return new Result(current, 0, 0);
    }
    try (AnalyticsSession session = EverySeries.openSession(warehouse)) {
      HistoryCache.Kept kept =
          cache.storeEvery(session.commit(), out -> EverySeries.write(session, out));
      return new Result(session.commit(), kept.series(), kept.bytes());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot keep the histories: " + e.getMessage(), e);
    }
  }
}
