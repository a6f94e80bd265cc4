package io.benchlake.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.stability.IterationStability;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The report intervals of the fresh runs, read by their ids for up to {@link
 * AlertEvaluation#RUNS_LISTED} runs and by a join for more (an import's history): both ways read
 * the same intervals, each run's own, in time order, warm-up and iterations left out excluded.
 */
class FreshIntervalsTest {
  private static final int RUNS = AlertEvaluation.RUNS_LISTED + 6;

  @Test
  void moreFreshRunsThanAreListedReadTheSameIntervalsAsTheListedOnes() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement st = c.createStatement()) {
      // the views and kept tables the query reads, as tables of the columns it uses; r000 came
      // before ingest 1
      st.execute(
          "CREATE TABLE raw_iterations AS SELECT 'r' || lpad(i::VARCHAR, 3, '0') AS run_id,"
              + " CASE WHEN i = 0 THEN 1 ELSE 2 END AS ingest_seq FROM range(0, "
              + (RUNS + 1)
              + ") t(i)");
      st.execute("ATTACH ':memory:' AS kept");
      st.execute(
          "CREATE TABLE kept.run_facts AS SELECT run_id, 'OLTP_RW' AS test_name, 'ds' AS dataset,"
              + " 'bed1' AS testbed FROM raw_iterations");
      st.execute(
          "CREATE TABLE kept.run_values AS SELECT run_id, 8 AS threads, 'TPS' AS metric"
              + " FROM raw_iterations");
      st.execute(
          "CREATE TABLE iterations AS SELECT run_id, 8 AS threads, k AS iteration,"
              + " 'completed' AS status, k = 3 AS excluded"
              + " FROM raw_iterations, range(1, 4) u(k)");
      st.execute(
          "CREATE TABLE samples AS SELECT run_id, 8 AS threads, k AS iteration,"
              + " CASE WHEN o = 0 THEN 'warmup' ELSE 'measured' END AS phase,"
              + " o::DOUBLE AS offset_s, 1.0 AS interval_s,"
              + " CAST(substr(run_id, 2) AS INTEGER) * 1000.0 + 10 * k + o AS tps"
              + " FROM raw_iterations, range(1, 4) u(k), range(0, 5) v(o) ORDER BY random()");
      List<String> fresh =
          IntStream.rangeClosed(1, RUNS).mapToObj(i -> String.format("r%03d", i)).toList();
      assertTrue(fresh.size() > AlertEvaluation.RUNS_LISTED);

      var joined = AlertEvaluation.intervals(c, 1, fresh);
      Map<SeriesKey, List<StabilityFindings.IterationIntervals>> listed = new HashMap<>();
      for (List<String> part : List.of(fresh.subList(0, 40), fresh.subList(40, fresh.size()))) {
        AlertEvaluation.intervals(c, 1, part)
            .forEach((k, v) -> listed.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
      }
      SeriesKey series = new SeriesKey("OLTP_RW", "TPS", 8, "bed1");
      assertEquals(List.of(series), List.copyOf(joined.keySet()));
      List<StabilityFindings.IterationIntervals> all = joined.get(series);
      assertEquals(RUNS * 2, all.size(), "iterations 1 and 2 of each fresh run, not 3 nor r000");
      assertEquals(all, listed.get(series));
      StabilityFindings.IterationIntervals r070 = all.get(all.size() - 1);
      assertEquals("r070", r070.runId());
      assertEquals(
          List.of(
              new IterationStability.Interval(1, 1, 70021),
              new IterationStability.Interval(2, 1, 70022),
              new IterationStability.Interval(3, 1, 70023),
              new IterationStability.Interval(4, 1, 70024)),
          r070.intervals());
    }
  }
}
