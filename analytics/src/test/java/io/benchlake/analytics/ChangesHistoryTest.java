package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.changes.ChangesQuery;
import io.benchlake.analytics.changes.ChangesReport;
import io.benchlake.analytics.changes.HistoryCache;
import io.benchlake.analytics.changes.HistoryRefresh;
import io.benchlake.changepoints.Method;
import io.benchlake.home.BadInputException;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TimeZone;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `changes` reads a history once per warehouse commit: asked again it gives the very answer a
 * session over every view gives, and a new commit (here an annotation that leaves an iteration out)
 * is read anew, never answered from the cache.
 */
class ChangesHistoryTest {
  @TempDir Path dir;

  private static final ChangesQuery.Series SERIES =
      new ChangesQuery.Series("oltp_read_write", 8, "TPS", "time", Optional.empty());
  private static final ChangesQuery.Series NO_SUCH_TEST =
      new ChangesQuery.Series("no_such_test", 8, "TPS", "time", Optional.empty());
  private static final ChangesQuery.Options OPTIONS =
      new ChangesQuery.Options(Method.SEGMENTS, Method.SEGMENTS.defaultAlpha(), 0.02);

  @Test
  void theCachedAnswerIsTheFullSessionsAnswerAndANewCommitIsReadAnew() throws Exception {
    Warehouse warehouse = warehouse();
    HistoryCache cache = new HistoryCache(dir.resolve("cache"));
    String commit = warehouse.commit().id();

    ChangesQuery.History first = ChangesQuery.history(warehouse, SERIES, cache);
    assertTrue(cache.find(commit, SERIES).isPresent(), "kept for the next command");
    ChangesQuery.History again = ChangesQuery.history(warehouse, SERIES, cache);
    String everyView;
    try (AnalyticsSession session = AnalyticsSession.open(warehouse)) {
      everyView = ChangesReport.json(ChangesQuery.load(session, SERIES, OPTIONS));
    }
    assertEquals(everyView, report(first));
    assertEquals(everyView, report(again));
    assertEquals("OLTP_RW", again.test());
    assertEquals(12, again.runs().size());
    assertEquals(List.of(), again.leftOut());

    // a new commit: iteration 1 of run r05 is left out, so its mean moves
    FixtureWarehouse.commit(
        warehouse, 2, ChangesHistoryTest::leaveOutIteration1OfR05, WarehouseTable.ANNOTATIONS);
    ChangesQuery.History after = ChangesQuery.history(warehouse, SERIES, cache);
    assertEquals(1, after.leftOut().size());
    assertEquals("r05", after.leftOut().get(0).runId());
    assertEquals(List.of(1010.0), Arrays.stream(after.runs().get(5).values()).boxed().toList());
    assertEquals(
        List.of(990.0, 1010.0), Arrays.stream(first.runs().get(5).values()).boxed().toList());
    assertTrue(cache.find(commit, SERIES).isEmpty(), "the old commit's entries are dropped");
  }

  @Test
  void aMistakeIsNotKeptAndIsSaidAgain() throws Exception {
    Warehouse warehouse = warehouse();
    HistoryCache cache = new HistoryCache(dir.resolve("cache"));
    ChangesQuery.Series unknown = NO_SUCH_TEST;
    for (int i = 0; i < 2; i++) {
      BadInputException e =
          assertThrows(
              BadInputException.class, () -> ChangesQuery.history(warehouse, unknown, cache));
      assertTrue(e.getMessage().startsWith("unknown test 'no_such_test'"), e.getMessage());
    }
    assertTrue(cache.find(warehouse.commit().id(), unknown).isEmpty());
  }

  @Test
  void aCommitKeepsEverySeriesAsAFreshSessionReadsIt() throws Exception {
    Warehouse warehouse = warehouse();
    HistoryCache cache = new HistoryCache(dir.resolve("cache"));
    ChangesQuery.History before = ChangesQuery.history(warehouse, SERIES, cache);
    String old = warehouse.commit().id();
    leaveOutAnIterationAndAddARun(warehouse);
    assertTrue(cache.find(warehouse.commit().id(), SERIES).isEmpty(), "not kept yet");

    HistoryRefresh.Result r = HistoryRefresh.refresh(warehouse, cache);

    assertEquals(warehouse.commit().id(), r.commit());
    assertEquals(1, r.series(), "OLTP_RW at 8 threads, TPS");
    assertTrue(r.bytes() > 0);
    assertTrue(cache.find(old, SERIES).isEmpty(), "the old commit's entries are dropped");
    List<ChangesQuery.Series> asked =
        List.of(
            SERIES,
            new ChangesQuery.Series("OLTP_RW", 8, "TPS", "release", Optional.empty()),
            new ChangesQuery.Series("oltp_rw", 8, "TPS", "time", Optional.empty()));
    try (AnalyticsSession fresh = AnalyticsSession.open(warehouse)) {
      for (ChangesQuery.Series s : asked) {
        ChangesQuery.History kept = cache.find(r.commit(), s).orElseThrow();
        assertSameHistory(ChangesQuery.history(fresh, s), kept);
      }
    }
    ChangesQuery.History after = cache.find(r.commit(), SERIES).orElseThrow();
    assertEquals(before.runs().size() + 1, after.runs().size());
    assertEquals(1, after.leftOut().size());
    assertTrue(
        cache
            .find(
                r.commit(),
                new ChangesQuery.Series("oltp_read_write", 8, "TPS", "time", Optional.of("db1")))
            .isEmpty(),
        "no runs on that host: a session says so");
  }

  /**
   * A run's start is its instant whatever this JVM's time zone: read fresh, and kept by a commit in
   * one zone then read in another (the scheduled ingest in UTC, the user's shell in Berlin).
   */
  @Test
  void aRunsStartIsTheSameInstantInEveryTimeZone() throws Exception {
    TimeZone zone = TimeZone.getDefault();
    try {
      Warehouse warehouse = warehouse();
      HistoryCache cache = new HistoryCache(dir.resolve("cache"));
      TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
      HistoryRefresh.refresh(warehouse, cache);
      TimeZone.setDefault(TimeZone.getTimeZone("Europe/Berlin"));
      ChangesQuery.History kept = cache.find(warehouse.commit().id(), SERIES).orElseThrow();
      ChangesQuery.History fresh;
      try (AnalyticsSession session = AnalyticsSession.open(warehouse)) {
        fresh = ChangesQuery.history(session, SERIES);
      }
      for (ChangesQuery.History h : List.of(kept, fresh)) {
        assertEquals("2026-03-01T00:00:00Z", h.runs().get(0).startedAt());
        assertEquals("2026-03-12T00:00:00Z", h.runs().get(11).startedAt());
      }
    } finally {
      TimeZone.setDefault(zone);
    }
  }

  @Test
  void aRefreshAtACommitKeptAlreadyReadsNothing() throws Exception {
    Warehouse warehouse = warehouse();
    HistoryCache cache = new HistoryCache(dir.resolve("cache"));
    assertEquals(1, HistoryRefresh.refresh(warehouse, cache).series());
    assertEquals(
        0, HistoryRefresh.refresh(warehouse, cache).series(), "kept at this commit already");
  }

  @Test
  void aWarehouseOverTheBoundKeepsNothingAndChangesReadsItsOwn() throws Exception {
    Warehouse warehouse = warehouse();
    HistoryCache cache = new HistoryCache(dir.resolve("cache"));
    HistoryRefresh.Result r = HistoryRefresh.refresh(warehouse, cache, 23);
    assertTrue(r.overBound(), "24 iteration rows over a bound of 23");
    assertEquals(0, r.series());
    assertTrue(cache.find(r.commit(), SERIES).isEmpty());
    HistoryRefresh.Result atTheBound = HistoryRefresh.refresh(warehouse, cache, 24);
    assertFalse(atTheBound.overBound());
    assertEquals(1, atTheBound.series());
    assertTrue(cache.find(r.commit(), SERIES).isPresent());
  }

  @Test
  void aSeriesWithNoHistoryAtTheCommitIsNotAnsweredFromWhatWasKept() throws Exception {
    Warehouse warehouse = warehouse();
    HistoryCache cache = new HistoryCache(dir.resolve("cache"));

    HistoryRefresh.Result r = HistoryRefresh.refresh(warehouse, cache);

    for (ChangesQuery.Series gone :
        List.of(
            NO_SUCH_TEST,
            new ChangesQuery.Series("oltp_read_write", 16, "TPS", "time", Optional.empty()),
            new ChangesQuery.Series("oltp_read_write", 8, "QPS", "time", Optional.empty()))) {
      assertTrue(cache.find(r.commit(), gone).isEmpty(), gone.toString());
      assertThrows(BadInputException.class, () -> ChangesQuery.history(warehouse, gone, cache));
    }
  }

  /** Ingest 2: iteration 1 of run r05 left out, and a thirteenth run at the higher level. */
  private static void leaveOutAnIterationAndAddARun(Warehouse warehouse) throws Exception {
    FixtureWarehouse.commit(
        warehouse,
        2,
        c -> {
          leaveOutIteration1OfR05(c);
          try (Statement st = c.createStatement()) {
            st.execute(
                "INSERT INTO runs (event_id, run_id, started_at, ingest_seq, kind, emitted_at,"
                    + " dataset, test_name, source, status) VALUES ('r12s', 'r12', '2026-03-13', 2,"
                    + " 'run_started', '2026-03-13', 'MariaDB 11.4', 'OLTP_RW', 'x', NULL),"
                    + " ('r12f', 'r12', '2026-03-13', 2, 'run_finished', '2026-03-13', NULL, NULL,"
                    + " NULL, 'completed')");
            st.execute(
                "INSERT INTO iterations (event_id, run_id, started_at, ingest_seq, row_id, threads,"
                    + " iteration, metric, value, unit, source, computed, status) VALUES ('r12-1',"
                    + " 'r12', '2026-03-13', 2, 'r12-1', 8, 1, 'TPS', 1105.5, '', 'x', false,"
                    + " 'completed')");
          }
        },
        WarehouseTable.ANNOTATIONS,
        WarehouseTable.RUNS,
        WarehouseTable.ITERATIONS);
  }

  /** Ingest 2's annotation: iteration 1 of run r05 at 8 threads left out. */
  private static void leaveOutIteration1OfR05(java.sql.Connection c) throws Exception {
    try (Statement st = c.createStatement()) {
      st.execute(
          "INSERT INTO annotations (event_id, run_id, started_at, ingest_seq, emitted_at,"
              + " threads, iteration, action, reason, author) VALUES ('n1', 'r05',"
              + " '2026-03-05', 2, '2026-03-20', 8, 1, 'exclude', 'a noisy neighbour', 'me')");
    }
  }

  /** Every field as the report reads it, the values to the last bit. */
  private static void assertSameHistory(ChangesQuery.History expected, ChangesQuery.History h) {
    assertEquals(expected.test(), h.test());
    assertEquals(expected.host(), h.host());
    assertEquals(expected.leftOut(), h.leftOut());
    assertEquals(described(expected), described(h));
  }

  private static List<String> described(ChangesQuery.History h) {
    return h.runs().stream()
        .map(
            r ->
                String.join(
                    " ",
                    r.runId(),
                    r.startedAt(),
                    String.valueOf(r.version()),
                    String.valueOf(r.dataset()),
                    Arrays.stream(r.values())
                        .mapToObj(v -> Long.toHexString(Double.doubleToRawLongBits(v)))
                        .collect(Collectors.joining(","))))
        .toList();
  }

  private Warehouse warehouse() throws Exception {
    return FixtureWarehouse.write(
        dir.resolve("w"), ChangesHistoryTest::runs, WarehouseTable.RUNS, WarehouseTable.ITERATIONS);
  }

  private static String report(ChangesQuery.History history) {
    return ChangesReport.json(ChangesQuery.analyse(SERIES, history, OPTIONS));
  }

  /** Twelve runs of OLTP_RW at 8 threads, two iterations each, a 10% step after the sixth. */
  private static void runs(java.sql.Connection c) throws Exception {
    try (Statement st = c.createStatement()) {
      String runs =
          java.util.stream.IntStream.range(0, 12)
              .mapToObj(
                  i -> {
                    String id = String.format("r%02d", i);
                    String day = String.format("2026-03-%02d", i + 1);
                    return String.format(
                        "('%s1', '%s', '%s', 1, 'run_started', '%s', 'MariaDB 11.4', 'OLTP_RW', 'x', NULL),"
                            + " ('%s2', '%s', '%s', 1, 'run_finished', '%s', NULL, NULL, NULL, 'completed')",
                        id, id, day, day, id, id, day, day);
                  })
              .collect(Collectors.joining(", "));
      st.execute(
          "INSERT INTO runs (event_id, run_id, started_at, ingest_seq, kind, emitted_at, dataset,"
              + " test_name, source, status) VALUES "
              + runs);
      String iterations =
          java.util.stream.IntStream.range(0, 12)
              .mapToObj(
                  i -> {
                    String id = String.format("r%02d", i);
                    double level = i < 6 ? 1000 : 1100;
                    return String.format(
                        "('%s-1', '%s', '2026-03-01', 1, '%s-1', 8, 1, 'TPS', %s, '', 'x', false, 'completed'),"
                            + " ('%s-2', '%s', '2026-03-01', 1, '%s-2', 8, 2, 'TPS', %s, '', 'x', false, 'completed')",
                        id, id, id, level - 10, id, id, id, level + 10);
                  })
              .collect(Collectors.joining(", "));
      st.execute(
          "INSERT INTO iterations (event_id, run_id, started_at, ingest_seq, row_id, threads,"
              + " iteration, metric, value, unit, source, computed, status) VALUES "
              + iterations);
    }
  }
}
