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
  /**
   * The most iteration rows (every run, thread count, iteration and metric the warehouse holds)
   * whose histories an ingest keeps: the pass costs about 0.75-0.95 s over 30,000 rows (1,000 runs,
   * most of it the session's start) and 1.5-1.7 s over 300,000 (10,000 runs, 200 series; 4.1 MB),
   * bench/changes-time. At this bound, about 5 s and 14 MB (extrapolated), an ingest keeps none and
   * each series' first `changes` reads it through a session, as before.
   */
  public static final long MOST_ROWS = 1_000_000;

  private HistoryRefresh() {}

  /**
   * What a refresh did: the commit it read, the series it kept there and the file's size; none when
   * {@code overBound} (more iteration rows than it keeps) or when kept there already.
   */
  public record Result(String commit, int series, long bytes, boolean overBound) {}

  /** Reads and keeps every series' history at the current commit, unless kept there already. */
  public static Result refresh(Warehouse warehouse, HistoryCache cache) {
    return refresh(warehouse, cache, MOST_ROWS);
  }

  /** As {@link #refresh(Warehouse, HistoryCache)}, none kept over {@code mostRows} rows. */
  public static Result refresh(Warehouse warehouse, HistoryCache cache, long mostRows) {
    String current = warehouse.commit().id();
    if (cache.hasEvery(current)) {
      return new Result(current, 0, 0, false);
    }
    try (AnalyticsSession session = EverySeries.openSession(warehouse)) {
      if (EverySeries.iterationRows(session) > mostRows) {
        return new Result(session.commit(), 0, 0, true);
      }
      HistoryCache.Kept kept =
          cache.storeEvery(
              session.commit(),
              warehouse.commit().id(), // moved on since: nothing kept, the newer commit's stay
              out -> EverySeries.write(session, out));
      return new Result(session.commit(), kept.series(), kept.bytes(), false);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot keep the histories: " + e.getMessage(), e);
    }
  }
}
