package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.changes.ChangesQuery;
import io.benchlake.analytics.changes.HistoryCache;
import io.benchlake.analytics.changes.HistoryRefresh;
import io.benchlake.home.BadInputException;
import io.benchlake.testing.Repetitions;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * changes_series.sql reads a history through the narrow views under `runs` and `thread_stats`: on
 * random warehouses with everything that decides which runs and values a history has (newest start
 * and end events, runs that did not complete, retracted runs, runs written by two ingests with
 * duplicate and incomplete rows, failed iterations, annotations that leave out a run, a thread
 * count or an iteration and take it back, aliases of tests and datasets, two hosts, versions in
 * release order and none) it gives the very rows the query through thread_stats JOIN run_series
 * gave, and `changes`' own session (the views made as they are needed, canonical_names a table)
 * gives the same history.
 */
class ChangesSeriesQueryTest {
  private static final String[] TESTS = {"OLTP_RW", "oltp_read_write", "my_rw", "TPROCC"};
  private static final String[] VERSIONS = {"10.11.2", "11.4.3-1", "11.4.3-MariaDB-log", "12.0"};

  /** Test, threads, metric, host (null: any) and whether by release: each seed asks all. */
  private static final Object[][] QUESTIONS = {
    {"OLTP_RW", 8, "TPS", null, false},
    {"OLTP_RW", 8, "TPS", "h1", true},
    {"OLTP_RW", 16, "latency", "h2", false},
    {"OLTP_RW", 16, "TPS", null, true},
    {"TPROCC", 8, "TPS", null, true},
    {"TPROCC", 16, "TPS", "h1", false},
    {"TPROCC", 8, "latency", "h2", true},
    {"NO_SUCH", 8, "TPS", null, false},
  };

  @TempDir Path dir;

  /** Seeds 1 to 4 with -Pfull-random, else seed 1. */
  static LongStream narrowQuerySeeds() {
    return Repetitions.seeds(1, 1, 2, 3, 4);
  }

  /** Seeds 2 and 1 with -Pfull-random, else seed 2 (the other test runs seed 1). */
  static LongStream keptSeriesSeeds() {
    return Repetitions.seeds(1, 2, 1);
  }

  @ParameterizedTest
  @MethodSource("narrowQuerySeeds")
  void theNarrowQueryGivesTheRowsOfTheViews(long seed) throws Exception {
    Warehouse warehouse = randomWarehouse(seed);
    String views = resource("/changes_series_views.sql");
    String narrow = QueryFiles.read("changes_series.sql");
    int compared = 0;
    try (AnalyticsSession session = AnalyticsSession.open(warehouse)) {
      for (Object[] q : QUESTIONS) {
        String test = (String) q[0];
        int threads = (Integer) q[1];
        String metric = (String) q[2];
        String host = (String) q[3];
        boolean byRelease = (Boolean) q[4];
        List<String> expected =
            rows(session.connection(), views, test, threads, metric, host, byRelease);
        assertEquals(
            expected,
            rows(session.connection(), narrow, test, threads, metric, host, byRelease),
            Arrays.toString(q));
        compared += expected.size();
      }
      assertTrue(compared > 20, "rows compared: " + compared);
      // through changes' own session: the typed name's lookup, then the series
      ChangesQuery.Series series =
          new ChangesQuery.Series("my_rw", 8, "TPS", "release", Optional.of("h1"));
      ChangesQuery.History history =
          ChangesQuery.history(warehouse, series, new HistoryCache(dir.resolve("cache")));
      assertEquals("OLTP_RW", history.test());
      List<String> expected = rows(session.connection(), views, "OLTP_RW", 8, "TPS", "h1", true);
      assertFalse(expected.isEmpty());
      assertEquals(
          stripped(expected),
          history.runs().stream()
              .map(r -> r.runId() + " " + r.dataset() + " " + Arrays.toString(r.values()))
              .toList());
      assertEquals(
          ChangesQuery.history(session, series).leftOut(), history.leftOut(), "left-out notes");
    }
  }

  /**
   * What an ingest keeps of every series at its commit is, for every series a session answers, the
   * very history that session reads (values as IEEE bits, left-out iterations, host), under every
   * name the test may be typed as; a series a session says no to (no such test, thread count,
   * metric or host; several hosts) is not answered from it, nor a spelling the file does not list;
   * and nothing kept at one commit is read at the next.
   */
  @ParameterizedTest
  @MethodSource("keptSeriesSeeds")
  void everySeriesKeptAtACommitIsWhatASessionReads(long seed) throws Exception {
    Warehouse warehouse = randomWarehouse(seed);
    HistoryCache cache = new HistoryCache(dir.resolve("cache"));
    HistoryRefresh.Result kept = HistoryRefresh.refresh(warehouse, cache);
    assertEquals(warehouse.commit().id(), kept.commit());
    assertTrue(kept.series() >= 4, "series kept: " + kept.series());
    int served = 0;
    int refused = 0;
    // as `changes` reads a history at a commit nothing was kept at: its own session
    try (AnalyticsSession fresh =
        AnalyticsSession.openFor(
            warehouse,
            ChangesQuery.queries(),
            ChangesQuery.laterQueries(),
            Set.of("canonical_names"))) {
      int question = 0;
      for (String test : List.of("OLTP_RW", "my_rw", "tpcc", "NO_SUCH", "Oltp_Rw")) {
        for (Object[] at : new Object[][] {{8, "TPS"}, {16, "latency"}, {32, "TPS"}}) {
          for (String host : Arrays.asList(null, "h1", "h2", "h3")) {
            String by = question++ % 2 == 0 ? "time" : "release";
            ChangesQuery.Series s =
                new ChangesQuery.Series(
                    test, (Integer) at[0], (String) at[1], by, Optional.ofNullable(host));
            Optional<ChangesQuery.History> fromFile = cache.find(kept.commit(), s);
            ChangesQuery.History read;
            try {
              read = ChangesQuery.history(fresh, s);
            } catch (BadInputException e) {
              assertTrue(fromFile.isEmpty(), s + " is answered, but a session says " + e);
              refused++;
              continue;
            }
            if (test.equals("Oltp_Rw")) {
              assertTrue(fromFile.isEmpty(), "a spelling the file does not list: " + s);
              continue;
            }
            assertEquals(
                described(read),
                described(fromFile.orElseThrow(() -> new AssertionError("not kept: " + s))),
                s.toString());
            served++;
          }
        }
      }
    }
    assertTrue(served >= 10 && refused >= 10, "served " + served + ", refused " + refused);

    // the next commit (an annotation) makes every kept history unreachable until kept again
    FixtureWarehouse.commit(
        warehouse,
        2,
        c -> {
          try (Statement st = c.createStatement()) {
            st.execute(
                "INSERT INTO annotations (event_id, run_id, started_at, ingest_seq, emitted_at,"
                    + " threads, iteration, action, reason, author) VALUES ('n-late', 'r01',"
                    + " '2026-03-01', 2, '2026-05-01', NULL, NULL, 'exclude', 'late', 'me')");
          }
        },
        WarehouseTable.ANNOTATIONS);
    ChangesQuery.Series any =
        new ChangesQuery.Series("OLTP_RW", 8, "TPS", "time", Optional.of("h1"));
    assertTrue(cache.find(warehouse.commit().id(), any).isEmpty(), "not kept at the new commit");
    assertTrue(cache.find(kept.commit(), any).isPresent(), "still in the older commit's file");
    HistoryRefresh.Result next = HistoryRefresh.refresh(warehouse, cache);
    assertTrue(cache.find(kept.commit(), any).isEmpty(), "the older commit's file is dropped");
    ChangesQuery.History fromFile = cache.find(next.commit(), any).orElseThrow();
    assertEquals(0, HistoryRefresh.refresh(warehouse, cache).series(), "kept there already");
    deleteTree(dir.resolve("cache"));
    assertEquals(
        described(ChangesQuery.history(warehouse, any, cache)), described(fromFile), "read anew");
  }

  private static void deleteTree(Path dir) throws Exception {
    try (var all = java.nio.file.Files.walk(dir)) {
      for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
        java.nio.file.Files.delete(p);
      }
    }
  }

  /** Every field of a history as the report reads it, the values to the last bit. */
  static List<String> described(ChangesQuery.History h) {
    List<String> lines = new ArrayList<>();
    lines.add(h.test() + " on " + h.host() + ", left out " + h.leftOut());
    for (ChangesQuery.Run r : h.runs()) {
      StringBuilder line =
          new StringBuilder(
              String.join(
                  " ",
                  r.runId(),
                  r.startedAt(),
                  String.valueOf(r.version()),
                  String.valueOf(r.dataset())));
      for (double v : r.values()) {
        line.append(' ').append(Long.toHexString(Double.doubleToRawLongBits(v)));
      }
      lines.add(line.toString());
    }
    return lines;
  }

  /** A warehouse of forty random runs (see {@link #fill}). */
  private Warehouse randomWarehouse(long seed) throws Exception {
    Random random = new Random(seed);
    return FixtureWarehouse.write(
        dir.resolve("w"),
        c -> fill(c, random),
        WarehouseTable.RUNS,
        WarehouseTable.ENVIRONMENTS,
        WarehouseTable.ITERATIONS,
        WarehouseTable.ANNOTATIONS,
        WarehouseTable.ALIASES,
        WarehouseTable.RETRACTIONS);
  }

  /** The rows' run, dataset and values only, as a history keeps them. */
  private static List<String> stripped(List<String> rows) {
    return rows.stream()
        .map(
            r -> {
              String[] f = r.split("\\|");
              return f[0] + " " + f[3] + " " + f[5];
            })
        .toList();
  }

  private static List<String> rows(
      Connection c,
      String sql,
      String test,
      int threads,
      String metric,
      String host,
      boolean byRelease)
      throws Exception {
    List<String> rows = new ArrayList<>();
    try (PreparedStatement st = c.prepareStatement(sql)) {
      st.setString(1, test);
      st.setInt(2, threads);
      st.setString(3, metric);
      st.setString(4, host);
      st.setString(5, host);
      for (int i = 6; i <= 8; i++) {
        st.setBoolean(i, byRelease);
      }
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          Object[] values = (Object[]) rs.getArray(6).getArray();
          rows.add(
              String.join(
                  "|",
                  rs.getString(1),
                  String.valueOf(rs.getObject(2)),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(5),
                  Arrays.toString(
                      Arrays.stream(values)
                          .mapToDouble(v -> ((Number) v).doubleValue())
                          .toArray())));
        }
      }
    }
    return rows;
  }

  /** Forty runs of random tests, states and rows (see the class comment). */
  private static void fill(Connection c, Random random) throws Exception {
    StringBuilder runs = new StringBuilder();
    StringBuilder envs = new StringBuilder();
    StringBuilder its = new StringBuilder();
    StringBuilder notes = new StringBuilder();
    StringBuilder retracted = new StringBuilder();
    int event = 0;
    for (int i = 0; i < 40; i++) {
      String run = String.format("r%02d", i);
      String day = String.format("2026-03-%02d %02d:00:00", 1 + i % 28, random.nextInt(24));
      int starts = random.nextInt(5) == 0 ? 2 : 1;
      for (int s = 1; s <= starts; s++) {
        runs.append(
            String.format(
                ",('e%d', '%s', '%s', %d, 'run_started', '%s', '%s', '%s', NULL)",
                event++,
                run,
                day,
                s,
                day,
                random.nextBoolean() ? "d1" : "d2",
                TESTS[random.nextInt(TESTS.length)]));
      }
      int finishes = random.nextInt(6);
      for (int f = 0; f < Math.min(finishes, 2); f++) {
        String status = random.nextInt(4) == 0 ? "failed" : "completed";
        runs.append(
            String.format(
                ",('e%d', '%s', '%s', 1, 'run_finished', '2026-03-%02d', NULL, NULL, '%s')",
                event++, run, day, 1 + f + i % 27, status));
      }
      int snapshots = random.nextInt(4) == 0 ? 2 : 1;
      for (int e = 0; e < snapshots; e++) {
        String version = random.nextInt(6) == 0 ? "NULL" : "'" + VERSIONS[random.nextInt(4)] + "'";
        envs.append(
            String.format(
                ",('e%d', '%s', '%s', %d, '2026-03-%02d', '%s', %s)",
                event++,
                run,
                day,
                1 + e,
                1 + e + i % 27,
                random.nextBoolean() ? "h1" : "h2",
                version));
      }
      boolean rewritten = random.nextInt(4) == 0;
      for (int seq = 1; seq <= (rewritten ? 2 : 1); seq++) {
        for (int threads : new int[] {8, 16}) {
          for (int it = 1; it <= 3; it++) {
            for (String metric : List.of("TPS", "latency")) {
              if (seq == 2 && random.nextBoolean()) {
                continue;
              }
              String status =
                  switch (random.nextInt(8)) {
                    case 0 -> "failed";
                    case 1 -> "incomplete";
                    default -> "completed";
                  };
              its.append(
                  String.format(
                      ",('e%d', '%s', '%s', %d, 'row%d', %d, %d, '%s', %.1f, '', 'x', %s, '%s')",
                      event++,
                      run,
                      day,
                      seq,
                      event,
                      threads,
                      it,
                      metric,
                      900 + random.nextInt(200) + 0.5 * seq,
                      random.nextBoolean(),
                      status));
            }
          }
        }
      }
      if (random.nextInt(5) == 0) {
        String threads = random.nextBoolean() ? "NULL" : "8";
        String iteration = random.nextBoolean() ? "NULL" : String.valueOf(1 + random.nextInt(3));
        notes.append(
            String.format(
                ",('n%d', '%s', '%s', 1, '2026-04-01', %s, %s, 'exclude', 'noisy', 'me')",
                event++, run, day, threads, iteration));
        if (random.nextBoolean()) {
          notes.append(
              String.format(
                  ",('n%d', '%s', '%s', 1, '2026-04-02', %s, %s, 'include', 'fine', 'me')",
                  event++, run, day, threads, iteration));
        }
      }
      if (random.nextInt(8) == 0) {
        retracted.append(
            String.format(
                ",('x%d', '%s', '%s', 1, '2026-04-03', 'wrong', NULL)", event++, run, day));
      }
    }
    try (Statement st = c.createStatement()) {
      st.execute(
          "INSERT INTO runs (event_id, run_id, started_at, ingest_seq, kind, emitted_at, dataset,"
              + " test_name, status) VALUES "
              + runs.substring(1));
      st.execute(
          "INSERT INTO environments (event_id, run_id, started_at, ingest_seq, emitted_at,"
              + " host_name, db_version) VALUES "
              + envs.substring(1));
      st.execute(
          "INSERT INTO iterations (event_id, run_id, started_at, ingest_seq, row_id, threads,"
              + " iteration, metric, value, unit, source, computed, status) VALUES "
              + its.substring(1));
      if (notes.length() > 0) {
        st.execute(
            "INSERT INTO annotations (event_id, run_id, started_at, ingest_seq, emitted_at,"
                + " threads, iteration, action, reason, author) VALUES "
                + notes.substring(1));
      }
      if (retracted.length() > 0) {
        st.execute(
            "INSERT INTO retractions (event_id, run_id, started_at, ingest_seq, emitted_at,"
                + " reason, replaced_by) VALUES "
                + retracted.substring(1));
      }
      st.execute(
          "INSERT INTO aliases (event_id, run_id, started_at, ingest_seq, emitted_at, kind,"
              + " from_name, to_name, author) VALUES ('a1', NULL, NULL, 1, '2026-04-01', 'test',"
              + " 'my_rw', 'oltp_read_write', 'me'), ('a2', NULL, NULL, 1, '2026-04-01',"
              + " 'dataset', 'd2', 'D-two', 'me')");
    }
  }

  private static String resource(String name) throws Exception {
    try (InputStream in = ChangesSeriesQueryTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
