package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history `changes` reads (queries/changes_series.sql, straight from the iterations of one
 * test, thread count and metric) is the one thread_stats gives, row for row: over runs of two
 * tests, two hosts and two versions, a failed run, a failed iteration, iterations left out by an
 * annotation (one of a run, and every one of another run), and a run whose iterations two ingests
 * wrote.
 */
class ChangesSeriesQueryTest {
  /** The series query as it read thread_stats before (the reference). */
  private static final String THROUGH_THREAD_STATS =
      """
      WITH v AS (
          SELECT s.*,
                 TRY_CAST(regexp_extract(s.db_version, '^(\\d+)\\.(\\d+)\\.(\\d+)', 1) AS INTEGER) AS major,
                 TRY_CAST(regexp_extract(s.db_version, '^(\\d+)\\.(\\d+)\\.(\\d+)', 2) AS INTEGER) AS minor,
                 TRY_CAST(regexp_extract(s.db_version, '^(\\d+)\\.(\\d+)\\.(\\d+)', 3) AS INTEGER) AS patch
          FROM run_series s
          WHERE s.status = 'completed'
      )
      SELECT v.run_id, v.started_at, v.db_version, v.dataset, v.host_name, t.iteration_values
      FROM thread_stats t JOIN v USING (run_id)
      WHERE v.test_name = ? AND t.threads = ? AND t.metric = ?
        AND (? IS NULL OR v.host_name = ?)
      ORDER BY CASE WHEN ? THEN v.major END, CASE WHEN ? THEN v.minor END,
               CASE WHEN ? THEN v.patch END, v.started_at, v.run_id
      """;

  @TempDir Path dir;

  @Test
  void theSeriesIsThatOfThreadStats() throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse())) {
      int cases = 0;
      for (String test : List.of("T", "U")) {
        for (int threads : new int[] {8, 16}) {
          for (String metric : List.of("TPS", "NOPM")) {
            for (String host : Arrays.asList(null, "h1", "h2")) {
              for (boolean byRelease : new boolean[] {false, true}) {
                List<String> reference =
                    rows(session, THROUGH_THREAD_STATS, test, threads, metric, host, host,
                        byRelease, byRelease, byRelease);
                List<String> direct =
                    rows(session, QueryFiles.read("changes_series.sql"), test, host, host,
                        threads, metric, byRelease, byRelease, byRelease);
                assertEquals(reference, direct, test + " " + threads + " " + metric + " " + host);
                cases += reference.isEmpty() ? 0 : 1;
              }
            }
          }
        }
      }
      assertEquals(40, cases, "the fixture's series that are not empty");
      // what the rows hold, so the comparison above is not of two empty or equally wrong lists:
      // r2 without its failed iteration, r3 without the one left out, r4 (all left out) and r7
      // (failed) absent, r5 with the values of its newer ingest; by release 10.11 after 10.6
      assertEquals(
          List.of(
              "r1 h1 10.6.1-MariaDB [101.0, 102.0, 103.0]",
              "r2 h1 10.6.1-MariaDB [201.0, 202.0]",
              "r3 h1 10.11.2-MariaDB [301.0, 303.0]",
              "r5 h1 10.6.1-MariaDB [1501.0, 1502.0, 1503.0]",
              "r6 h2 10.6.1-MariaDB [601.0, 602.0, 603.0]"),
          rows(session, QueryFiles.read("changes_series.sql"), "T", null, null, 8, "TPS",
                  false, false, false).stream()
              .map(ChangesSeriesQueryTest::brief)
              .toList());
      assertEquals(
          List.of("r1", "r2", "r5", "r6", "r3"),
          rows(session, QueryFiles.read("changes_series.sql"), "T", null, null, 8, "TPS",
                  true, true, true).stream()
              .map(r -> r.split("\\|")[0])
              .toList());
    }
  }

  private static String brief(String row) {
    String[] f = row.split("\\|");
    return f[0] + " " + f[4] + " " + f[2] + " " + f[5];
  }

  private static List<String> rows(AnalyticsSession session, String sql, Object... params)
      throws Exception {
    List<String> out = new ArrayList<>();
    try (PreparedStatement st = session.connection().prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        st.setObject(i + 1, params[i]);
      }
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          out.add(
              rs.getString(1) + "|" + rs.getTimestamp(2) + "|" + rs.getString(3) + "|"
                  + rs.getString(4) + "|" + rs.getString(5) + "|"
                  + Arrays.toString((Object[]) rs.getArray(6).getArray()));
        }
      }
    }
    return out;
  }

  private Warehouse warehouse() throws Exception {
    return FixtureWarehouse.write(
        dir,
        ChangesSeriesQueryTest::insertRows,
        WarehouseTable.RUNS,
        WarehouseTable.ENVIRONMENTS,
        WarehouseTable.ITERATIONS,
        WarehouseTable.ANNOTATIONS);
  }

  private static void insertRows(Connection c) throws Exception {
    try (Statement st = c.createStatement()) {
      StringBuilder runs = new StringBuilder();
      StringBuilder envs = new StringBuilder();
      StringBuilder its = new StringBuilder();
      for (int r = 1; r <= 8; r++) {
        String id = "r" + r;
        String day = String.format("2026-03-%02d", 10 + r);
        String test = r == 8 ? "U" : "T";
        String status = r == 7 ? "failed" : "completed";
        String version = r == 3 ? "10.11.2-MariaDB" : "10.6.1-MariaDB";
        String host = r == 6 ? "h2" : "h1";
        runs.append(
            String.format(
                "%s ('%s-s', '%s', '%s', 1, 'run_started', '%s', 'd%d', '%s', 'x', NULL),"
                    + " ('%s-f', '%s', '%s', 1, 'run_finished', '%s', NULL, NULL, NULL, '%s')",
                r == 1 ? "" : ",", id, id, day, day, r, test, id, id, day, day, status));
        envs.append(
            String.format(
                "%s ('%s-e', '%s', '%s', 1, '%s', '%s', '%s')",
                r == 1 ? "" : ",", id, id, day, day, host, version));
        for (int threads : new int[] {8, 16}) {
          for (String metric : List.of("TPS", "NOPM")) {
            for (int i = 1; i <= 3; i++) {
              double value = r * 100 + i + (threads == 16 ? 10 : 0) + (metric.equals("NOPM") ? 50 : 0);
              String itStatus = r == 2 && i == 3 ? "failed" : "completed";
              its.append(iteration(its.isEmpty(), id, 1, threads, i, metric, value, itStatus));
              if (r == 5) { // a second ingest wrote this run again, with other values
                its.append(iteration(false, id, 2, threads, i, metric, value + 1000, itStatus));
              }
            }
          }
        }
      }
      st.execute(
          "INSERT INTO runs (event_id, run_id, started_at, ingest_seq, kind, emitted_at, dataset,"
              + " test_name, source, status) VALUES"
              + runs);
      st.execute(
          "INSERT INTO environments (event_id, run_id, started_at, ingest_seq, emitted_at,"
              + " host_name, db_version) VALUES"
              + envs);
      st.execute(
          "INSERT INTO iterations (event_id, run_id, started_at, ingest_seq, row_id, threads,"
              + " iteration, metric, value, unit, source, computed, status) VALUES"
              + its);
      st.execute(
          "INSERT INTO annotations (event_id, run_id, started_at, ingest_seq, emitted_at, threads,"
              + " iteration, action, reason, author) VALUES"
              + " ('a1', 'r3', '2026-03-13', 1, '2026-03-20', 8, 2, 'exclude', 'noisy', 'me'),"
              + " ('a2', 'r4', '2026-03-14', 1, '2026-03-20', 8, NULL, 'exclude', 'bad', 'me')");
    }
  }

  private static String iteration(
      boolean first, String run, int ingest, int threads, int i, String metric, double value,
      String status) {
    return String.format(
        "%s ('%s-%d-%d-%d-%s', '%s', '2026-03-01', %d, '%s-%d-%d-%d-%s', %d, %d, '%s', %s, '',"
            + " 'x', false, '%s')",
        first ? "" : ",", run, ingest, threads, i, metric, run, ingest, run, ingest, threads, i,
        metric, threads, i, metric, value, status);
  }
}
