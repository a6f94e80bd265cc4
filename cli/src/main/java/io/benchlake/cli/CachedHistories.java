package io.benchlake.cli;

import io.benchlake.analytics.changes.HistoryCache;
import io.benchlake.analytics.changes.HistoryRefresh;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.IngestService;
import io.benchlake.warehouse.Warehouse;

/**
 * What an ingest does once it committed: every series' history is read at the new commit and kept
 * ({@link HistoryRefresh}), so the first `changes` after it, of any series, answers from the cache.
 * Every batch ingest calls it (`ingest`, `ingest --rebuild`, the scheduled and the demo's); `ingest
 * --follow` does not: it commits at every poll while a run is under way.
 */
final class CachedHistories {
  private CachedHistories() {}

  /** After {@code r}: nothing when it committed nothing new. */
  static void refreshAfter(IngestService.Result r, BenchlakeHome home, Warehouse warehouse) {
    if (r.nothingNew()) {
      return;
    }
    try {
      HistoryRefresh.refresh(warehouse, HistoryCache.in(home));
    } catch (RuntimeException | LinkageError e) {
      // The commit stands: what is lost is the speed of the next `changes`, which reads its own.
      // LinkageError: DuckDB's native library that would not load is no reason to fail an ingest.
      System.err.println(
          "benchlake: the histories `changes` reads were not kept at ingest "
              + r.seq()
              + " ("
              + reason(e)
              + "); the next `changes` reads its history itself");
    }
  }

  /** Why, in one line: a DuckDB message goes on with the query's text and a caret under it. */
  static String reason(Throwable e) {
    return e.getMessage() == null || e.getMessage().isBlank()
        ? e.toString()
        : e.getMessage().lines().findFirst().orElseThrow();
  }
}
