import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.changes.HistoryCache;
import io.benchlake.analytics.changes.HistoryRefresh;
import io.benchlake.warehouse.IngestTransaction;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * bench/queries' measurement: writes a warehouse of RUNS runs (10 years, 30 server versions in
 * release order over time, 20 tests, 10 thread counts, 3 iterations: 30 iteration rows a run; one
 * run in 50 written twice, in part and then whole, as two ingests do) with
 * 50 one-second samples per iteration, straight as month-partitioned Parquet committed through the
 * manifest, then times the views through the same DuckDB session `benchlake sql` and the reports
 * use: each view whole (count of its rows) and a typical question of each, best of 3 after one
 * warm-up run. Prints one line per query: name, rows, seconds.
 *
 * <p>With {@code --next-commit CACHE_DIR} after TESTS and HOSTS (bench/changes-time), commits one
 * more run as the next ingest, and keeps every series' history in CACHE_DIR at the new commit as
 * `benchlake ingest` does after each commit; prints how long that took and the file's size.
 */
public class QueryTimes {
  public static void main(String[] args) throws Exception {
    long runs = Long.parseLong(args[0]);
    Path root = Path.of(args[1]);
    // with TESTS and HOSTS (bench/changes-time: one test on one host) only the warehouse is made
    boolean generateOnly = args.length > 2;
    int tests = generateOnly ? Integer.parseInt(args[2]) : 20;
    int hosts = generateOnly ? Integer.parseInt(args[3]) : 3;
    Warehouse warehouse = new Warehouse(root);
    if (args.length > 5 && args[4].equals("--next-commit")) {
      nextCommit(warehouse, runs, tests, hosts, new HistoryCache(Path.of(args[5])));
      return;
    }
    if (!Files.exists(root.resolve("_ingest/CURRENT"))) {
      long t0 = System.nanoTime();
      IngestTransaction ingest = warehouse.beginIngest();
      generate(ingest.staging(), 0, runs, runs, tests, hosts);
      ingest.commit(Manifest.Progress.at(Map.of(0, 0L)));
      // the rows "the second ingest" wrote carry ingest_seq 2: commit 2 is theirs (it adds no
      // file), so a real ingest after it numbers its rows 3 and an evaluation since 2 sees only them
      warehouse.beginIngest().commit(Manifest.Progress.at(Map.of(0, 0L)));
      System.out.printf("%-60s %12s %8.2f%n", "generate the warehouse", "", (System.nanoTime() - t0) / 1e9);
    }
    if (generateOnly) {
      return;
    }
    Map<String, String> queries = new LinkedHashMap<>();
    queries.put("iterations (count)", "SELECT count(*) FROM iterations");
    queries.put("samples (count)", "SELECT count(*) FROM samples");
    queries.put("thread_stats (all rows)", "SELECT count(*) FROM thread_stats");
    queries.put(
        "thread_stats (one test, 64 threads)",
        "SELECT count(*), avg(mean) FROM thread_stats t JOIN runs r USING (run_id)"
            + " WHERE r.test_name = 'T7' AND t.threads = 64");
    queries.put("comparison (all rows)", "SELECT count(*) FROM comparison");
    queries.put(
        "comparison (one test, TPS)",
        "SELECT count(*) FROM comparison WHERE test_name = 'T7' AND metric = 'TPS'");
    queries.put("monthly (all rows)", "SELECT count(*) FROM monthly");
    queries.put(
        "monthly (one test, 64 threads: this month vs last)",
        "SELECT count(*) FROM monthly WHERE test_name = 'T7' AND threads = 64 AND month >= '2025-11'");
    queries.put("releases (all rows)", "SELECT count(*) FROM releases");
    queries.put(
        "releases (one test, 128 threads, every release)",
        "SELECT count(*) FROM releases WHERE test_name = 'T3' AND threads = 128");
    try (AnalyticsSession s = AnalyticsSession.open(warehouse);
        Statement st = s.connection().createStatement()) {
      for (var q : queries.entrySet()) {
        long rows = 0;
        double best = Double.MAX_VALUE;
        for (int round = 0; round < 4; round++) {
          long t0 = System.nanoTime();
          try (ResultSet rs = st.executeQuery(q.getValue())) {
            rs.next();
            rows = rs.getLong(1);
          }
          double sec = (System.nanoTime() - t0) / 1e9;
          if (round > 0) {
            best = Math.min(best, sec);
          }
        }
        System.out.printf("%-60s %12d %8.3f%n", q.getKey(), rows, best);
      }
    }
  }

  /**
   * Ingest N+1 (N the last): one more run, the next after the RUNS the warehouse began with (run
   * RUNS + N - 1, in a month of its own), then the histories kept read again at that commit.
   */
  private static void nextCommit(
      Warehouse warehouse, long runs, int tests, int hosts, HistoryCache cache) throws Exception {
    IngestTransaction ingest = warehouse.beginIngest();
    long seq = ingest.seq();
    long run = runs + seq - 3; // commits 1 and 2 are the generated history
    generate(ingest.staging(), run, run + 1, runs, tests, hosts);
    ingest.commit(Manifest.Progress.at(Map.of(0, seq - 1)));
    long t0 = System.nanoTime();
    HistoryRefresh.Result r = HistoryRefresh.refresh(warehouse, cache);
    System.out.printf(
        "ingest %d: every history kept (%d series, %d bytes%s) in %.0f ms%n",
        seq,
        r.series(),
        r.bytes(),
        r.overBound() ? ", none: over the bound" : "",
        (System.nanoTime() - t0) / 1e6);
  }

  /**
   * Runs FROM to TO (exclusive) of a warehouse of RUNS runs spread over ten years, into {@code
   * staging}.
   */
  private static void generate(Path staging, long from, long to, long runs, int tests, int hosts)
      throws Exception {
    Files.createDirectories(staging);
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement st = c.createStatement()) {
      st.execute("SET preserve_insertion_order = false");
      st.execute(
          "CREATE TABLE r AS SELECT 'run-' || i AS run_id, i,"
              + " TIMESTAMP '2016-01-01' + to_microseconds(CAST(i * (315360000000000 / "
              + runs
              + ") AS BIGINT)) AS started_at,"
              + " 'T' || (i % " + tests + ") AS test_name, CAST(floor(i * 30 / "
              + runs
              + ") AS INTEGER) AS v FROM range("
              + from
              + ", "
              + to
              + ") t(i)");
      st.execute(
          "CREATE TABLE rr AS SELECT *, strftime(started_at, '%Y-%m') AS month,"
              + " (10 + v // 10) || '.' || (v % 10) || '.' || (1 + i % 3) || '-MariaDB' AS db_version FROM r");
      copy(
          st,
          "SELECT run_id || ':' || kind AS event_id, run_id, started_at, 1 AS ingest_seq, kind,"
              + " started_at AS emitted_at, 'MariaDB ' || db_version AS dataset,"
              + " 'sysbench' AS test_suite, test_name, 'loadgen' AS source,"
              + " CASE WHEN kind = 'run_finished' THEN 'completed' END AS status,"
              // the machine, as a live run's run_started names it (its host)
              + " CASE WHEN kind = 'run_started' THEN 'host' || (i % " + hosts + ") END AS testbed,"
              + " month"
              + " FROM rr, (VALUES ('run_started'), ('run_finished')) k(kind)",
          staging.resolve("runs"));
      copy(
          st,
          "SELECT run_id || ':env' AS event_id, run_id, started_at, 1 AS ingest_seq,"
              + " started_at AS emitted_at, 'host' || (i % " + hosts + ") AS host_name, 'mariadb' AS db_maker,"
              + " db_version, '[mysqld]' || chr(10) || 'innodb_buffer_pool_size=' || (1 + i % 2) || 'G'"
              + " AS config_contents, month FROM rr",
          staging.resolve("environments"));
      st.execute(
          "CREATE TABLE it AS SELECT run_id, started_at, month, threads, iteration, i FROM rr,"
              + " (SELECT unnest([1,2,4,8,16,32,64,128,256,512]) AS threads),"
              + " range(1, 4) n(iteration)");
      // One run in 50 was written by two ingests: first seen in part (incomplete, computed from
      // samples, ingest 1), then whole (ingest 2); the views must keep only the second.
      String iteration =
          "SELECT run_id || ':' || threads || ':' || iteration AS event_id, run_id, started_at,"
              + " %s AS ingest_seq, run_id || ':' || threads || ':' || iteration || ':TPS' AS row_id,"
              + " threads, iteration, 'TPS' AS metric,"
              + " 1000 + threads * 3 + (hash(run_id, iteration) %% 100) %s AS value, 'tx/s' AS unit,"
              + " 'loadgen:exact' AS source, %s AS computed, '%s' AS status, month FROM it";
      copy(
          st,
          String.format(iteration, "CASE WHEN i % 50 = 0 THEN 2 ELSE 1 END", "", "false", "completed")
              + " UNION ALL "
              + String.format(iteration, "1", "- 500", "true", "incomplete")
              + " WHERE i % 50 = 0",
          staging.resolve("iterations"));
      copy(
          st,
          "SELECT run_id || ':' || threads || ':' || iteration || ':' || s AS event_id, run_id,"
              + " started_at, 1 AS ingest_seq, started_at AS emitted_at, threads, iteration,"
              + " CAST(s AS DOUBLE) AS offset_s, 1.0 AS interval_s, 'measured' AS phase,"
              + " 1000 + threads + s AS tps, 20.0 * (1000 + threads + s) AS qps, 5.0 AS latency_avg_ms,"
              + " 0.0 AS errors_ps, 0.0 AS reconnects_ps, month FROM it, range(1, 51) x(s)",
          staging.resolve("samples"));
    }
  }

  private static void copy(Statement st, String select, Path dir) throws Exception {
    st.execute(
        "COPY ("
            + select
            + ") TO '"
            + dir
            + "' (FORMAT parquet, PARTITION_BY (month), COMPRESSION zstd,"
            // a name of its own, so that a later ingest's file never takes an earlier one's place
            + " FILENAME_PATTERN 'part-{uuid}')");
  }
}
