package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.Fixtures;
import io.benchlake.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One file of every generation each importer reads (sysbench 0.4 to 1.1, sysbench-tpcc, a patched
 * build, an excerpt, a log cut before its summary; HammerDB's JSON-wrapped web-service output and a
 * vurun excerpt; a BenchBase ladder; a tpcc-mysql ladder) imported through the launcher into one
 * home, ingested once with the real Flink job, and every value the warehouse holds checked against
 * the figure its file prints.
 */
class GenerationsRoundTripIT {
  /** The class's home, its broker kept while the class runs: the imports join it as clients. */
  @RegisterExtension static final HostedBroker BROKER = new HostedBroker();

  private static final Path GENERATIONS = Fixtures.path("sysbench-generations");

  /**
   * Dataset → the sysbench file imported as it, its test, and the threads its path gives where the
   * file prints none (a summary-only excerpt).
   */
  private static final Map<String, String[]> SYSBENCH = new TreeMap<>();

  static {
    SYSBENCH.put("g04", new String[] {"sysbench-0.4.12_oltp_t8.log", "oltp_read_write"});
    SYSBENCH.put("g05a", new String[] {"sysbench-0.5_deadlocks_t64.log", "oltp_read_write"});
    SYSBENCH.put("g05b", new String[] {"sysbench-0.5_errors_t64.log", "oltp_read_write"});
    SYSBENCH.put("g10", new String[] {"../sysbench/oltp_read_write_t4_i1.log", "oltp_read_write"});
    SYSBENCH.put("g11", new String[] {"sysbench-1.1.0_oltp_read_write_t16.log", "oltp_read_write"});
    SYSBENCH.put("gtpcc", new String[] {"sysbench-tpcc_1.0.20_t64.log", "tpcc"});
    SYSBENCH.put(
        "gpatched", new String[] {"sysbench-1.0-patched_percentiles_t32.log", "oltp_read_write"});
    SYSBENCH.put(
        "gexcerpt", new String[] {"sysbench-1.0_summary_excerpt.txt", "oltp_point_select", "128"});
    SYSBENCH.put("gcut", new String[] {"sysbench-1.1.0_failover_cut_t32.log", "oltp_point_select"});
  }

  private static final Path HAMMERDB = Fixtures.path("hammerdb-given");
  private static final Path BENCHBASE =
      ImportRoundTripIT.IMPORTER_FIXTURES.resolve("benchbase/ladder");
  private static final Path TPCC_MYSQL =
      ImportRoundTripIT.IMPORTER_FIXTURES.resolve("tpcc-mysql/ladder.log");
  private static Path home;

  private static void ok(String... args) {
    ImportRoundTripIT.ok(CliRunner.run(args));
  }

  static String sql(String query) {
    CliRunner.Run run = CliRunner.run("sql", query, "--format", "csv");
    ImportRoundTripIT.ok(run);
    return run.out();
  }

  /** (dataset, threads, metric) → value, as the warehouse holds the authoritative values. */
  private static Map<String, Double> stored(String where) {
    Map<String, Double> out = new TreeMap<>();
    String csv =
        sql(
            "select r.dataset, i.threads, i.metric, i.value from iterations i join runs r"
                + " using (run_id) where not i.computed and "
                + where);
    csv.lines()
        .skip(1)
        .forEach(
            l -> {
              int cut = l.lastIndexOf(',');
              out.put(l.substring(0, cut), Double.parseDouble(l.substring(cut + 1)));
            });
    return out;
  }

  private static void assertSameFigures(Map<String, Double> expected, Map<String, Double> actual) {
    assertEquals(expected.keySet(), actual.keySet(), "the metrics stored");
    expected.forEach((k, v) -> assertEquals(v, actual.get(k), 1e-9 * Math.max(1, Math.abs(v)), k));
  }

  @BeforeAll
  static void importEveryGenerationAndIngestOnce() throws Exception {
    home = BROKER.freshHome("generations");
    // every generation in one import, as a directory of published logs is: its path says the
    // dataset, the test and (for the excerpt, which prints none) the threads
    Path logs = TestDirs.fresh("generations-logs");
    for (Map.Entry<String, String[]> e : SYSBENCH.entrySet()) {
      Path slot = logs.resolve(e.getKey()).resolve(e.getValue()[1]).resolve(threadsOf(e.getKey()));
      Files.createDirectories(slot);
      Files.copy(GENERATIONS.resolve(e.getValue()[0]), slot.resolve("1.log"));
    }
    ok(
        "import",
        "sysbench",
        logs.toString(),
        "--layout",
        "{dataset}/{test}/{threads}/{iteration}.log",
        "--started-at",
        "2019-03-01");
    ok(
        "import",
        "hammerdb",
        HAMMERDB.resolve("webservice_json_wrapped.log").toString(),
        "--dataset",
        "hweb",
        "--started-at",
        "2024-02-01T10:00:00Z");
    ok(
        "import",
        "hammerdb",
        HAMMERDB.resolve("vurun_excerpt.log").toString(),
        "--dataset",
        "hvurun",
        "--started-at",
        "2024-02-02T10:00:00Z",
        "--vus",
        "24");
    ok("import", "benchbase", BENCHBASE.toString(), "--testbed", "lab-1");
    ok(
        "import",
        "tpcc-mysql",
        TPCC_MYSQL.toString(),
        "--dataset",
        "MariaDB 11.4",
        "--started-at",
        "2025-05-04T10:00:00Z");
    ok("ingest");
  }

  @BeforeEach
  void sameHome() {
    System.setProperty("benchlake.home", home.toString());
  }

  @Test
  void everySysbenchSummaryLandsWithTheFiguresItPrints() throws Exception {
    Map<String, Double> expected = new TreeMap<>();
    for (Map.Entry<String, String[]> e : SYSBENCH.entrySet()) {
      String log = Files.readString(GENERATIONS.resolve(e.getValue()[0]));
      String threads = threadsOf(e.getKey());
      PrintedFigures.summary(log)
          .forEach((metric, v) -> expected.put(e.getKey() + "," + threads + "," + metric, v));
    }
    assertSameFigures(expected, stored("r.test_suite like 'sysbench%'"));
    assertEquals(
        "dataset,test_name,status\n"
            + "g04,OLTP_RW,completed\ng05a,OLTP_RW,completed\ng05b,OLTP_RW,completed\n"
            + "g10,OLTP_RW,completed\ng11,OLTP_RW,completed\ngcut,SELECT_SIMPLE,failed\n"
            + "gexcerpt,SELECT_SIMPLE,completed\ngpatched,OLTP_RW,completed\n"
            + "gtpcc,SYSBENCH_TPCC,completed\n",
        sql(
            "select dataset, test_name, status from runs where test_suite like 'sysbench%'"
                + " order by 1"));
  }

  @Test
  void everyIntervalLinePrintedIsASampleAndTheCutLogsValuesComeFromThem() throws Exception {
    StringBuilder expected = new StringBuilder("dataset,samples,tps\n");
    for (Map.Entry<String, String[]> e : SYSBENCH.entrySet()) {
      Matcher m =
          PrintedFigures.INTERVAL.matcher(Files.readString(GENERATIONS.resolve(e.getValue()[0])));
      int n = 0;
      double sum = 0;
      while (m.find()) {
        n++;
        sum += Double.parseDouble(m.group(1));
      }
      if (n > 0) {
        expected
            .append(e.getKey())
            .append(',')
            .append(n)
            .append(',')
            .append(String.format(java.util.Locale.ROOT, "%.2f", sum))
            .append('\n');
      }
    }
    assertEquals(
        expected.toString(),
        sql(
            "select r.dataset, count(*) as samples, round(sum(s.tps), 2)::decimal(18,2) as tps"
                + " from samples s join runs r using (run_id) where r.test_suite like 'sysbench%'"
                + " group by 1 order by 1"));
    assertEquals(
        "threads,status,computed\n32,failed,true\n",
        sql(
            "select i.threads, i.status, i.computed from iterations i join runs r using (run_id)"
                + " where r.dataset = 'gcut' and i.metric = 'TPS'"),
        "the cut log's iteration died and its TPS comes from its samples");
  }

  @Test
  void theGenerationReadIsKeptOnEachRun() {
    assertEquals(
        "dataset,generation\ng04,sysbench 0.4\ng05a,sysbench 0.5\ng05b,sysbench 0.5\n"
            + "g11,sysbench 1.1\ngcut,sysbench 1.1\ngexcerpt,sysbench 1.0\n"
            + "gpatched,sysbench 1.0\ngtpcc,sysbench 1.0\n",
        sql(
            "select r.dataset, json_extract_string(p, '$.value') as generation from runs r,"
                + " unnest(CAST(r.properties_json AS JSON[])) as t(p)"
                + " where json_extract_string(p, '$.name') = 'sysbench generation' order by 1"),
        "every generation but 1.0's own parser (whose runs keep their ids) says which it read");
  }

  @Test
  void hammerdbOutputsWithoutPlainVuLinesLandAtTheirVus() throws Exception {
    Map<String, Double> expected = new TreeMap<>();
    String web = Files.readString(HAMMERDB.resolve("webservice_json_wrapped.log"));
    hammerdbResult(expected, "hweb," + number("Virtual users set to (\\d+)", web), web);
    hammerdbResult(expected, "hvurun,24", Files.readString(HAMMERDB.resolve("vurun_excerpt.log")));
    assertSameFigures(expected, stored("r.dataset in ('hweb', 'hvurun')"));
  }

  private static void hammerdbResult(Map<String, Double> into, String key, String text) {
    Matcher m = Pattern.compile("System achieved (\\d+) NOPM from (\\d+) \\w+ TPM").matcher(text);
    assertTrue(m.find(), key);
    into.put(key + ",NOPM", Double.parseDouble(m.group(1)));
    into.put(key + ",TPM", Double.parseDouble(m.group(2)));
  }

  /** The summary's label (after "Latency Distribution") for each latency metric. */
  private static final Map<String, String> BENCHBASE_LATENCY =
      Map.of(
          "min",
          "Minimum",
          "p25",
          "25th Percentile",
          "p50",
          "Median",
          "avg",
          "Average",
          "p75",
          "75th Percentile",
          "p90",
          "90th Percentile",
          "p95",
          "95th Percentile",
          "p99",
          "99th Percentile",
          "max",
          "Maximum");

  @Test
  void benchbaseSummariesAndSamplesLandAsTheyWerePrinted() throws Exception {
    Map<String, Double> expected = new TreeMap<>();
    long samples = 0;
    try (var sets = Files.list(BENCHBASE)) {
      for (Path summary : sets.filter(p -> p.toString().endsWith(".summary.json")).toList()) {
        String json = Files.readString(summary);
        String key =
            "MariaDB "
                + number("\"DBMS Version\": \"([^\"]+)\"", json)
                + ","
                + number("\"terminals\": \"(\\d+)\"", json)
                + ",";
        expected.put(
            key + "TPS",
            Double.parseDouble(number("\"Throughput \\(requests/second\\)\": ([0-9.]+)", json)));
        expected.put(
            key + "goodput",
            Double.parseDouble(number("\"Goodput \\(requests/second\\)\": ([0-9.]+)", json)));
        expected.put(
            key + "requests", Double.parseDouble(number("\"Measured Requests\": (\\d+)", json)));
        BENCHBASE_LATENCY.forEach(
            (metric, label) ->
                expected.put(
                    key + "latency_" + metric + "_ms",
                    Long.parseLong(
                            number("\"" + label + " Latency \\(microseconds\\)\": (\\d+)", json))
                        / 1000.0));
        String name = summary.getFileName().toString().replace(".summary.json", ".samples.csv");
        samples += Files.readAllLines(BENCHBASE.resolve(name)).size() - 1;
      }
    }
    assertSameFigures(
        expected, stored("r.test_name = 'BENCHBASE_TPCC' and i.source = 'benchbase:summary'"));
    assertEquals(
        "count_star()\n" + samples + "\n",
        sql(
            "select count(*) from samples join runs using (run_id)"
                + " where test_name = 'BENCHBASE_TPCC'"));
  }

  /** tpcc-mysql's transactions in the order {@code <Raw Results>} prints them. */
  private static final List<String> TPCC_MYSQL_TX =
      List.of("NewOrder", "Payment", "OrderStatus", "Delivery", "StockLevel");

  @Test
  void tpccMysqlResultsLandWithEveryFigureOfTheirRawResults() throws Exception {
    Map<String, Double> expected = new TreeMap<>();
    String text = Files.readString(TPCC_MYSQL);
    int samples = 0;
    for (String run : text.split("(?=<Parameters>)")) {
      if (!run.contains("[connection]")) {
        continue;
      }
      String key = "MariaDB 11.4," + number("\\[connection\\]: (\\d+)", run) + ",";
      expected.put(key + "TpmC", Double.parseDouble(number("([0-9.]+) TpmC", run)));
      String raw = run.substring(run.indexOf("<Raw Results>"), run.indexOf("<Raw Results2"));
      Matcher tx =
          Pattern.compile(
                  "\\[(\\d)\\] sc:(\\d+) +lt:(\\d+) +rt:(\\d+) +fl:(\\d+) +avg_rt: ([0-9.]+)")
              .matcher(raw);
      long calls = 0;
      while (tx.find()) {
        String p = key + TPCC_MYSQL_TX.get(Integer.parseInt(tx.group(1))) + "_";
        long n = Long.parseLong(tx.group(2)) + Long.parseLong(tx.group(3));
        calls += n;
        expected.put(p + "calls", (double) n);
        expected.put(p + "late", Double.parseDouble(tx.group(3)));
        expected.put(p + "retries", Double.parseDouble(tx.group(4)));
        expected.put(p + "failures", Double.parseDouble(tx.group(5)));
        expected.put(p + "avg", Double.parseDouble(tx.group(6)));
      }
      expected.put(
          key + "TPS", (double) calls / Integer.parseInt(number(" in (\\d+) sec\\.", raw)));
      samples += (int) run.lines().filter(l -> l.matches("^ *[0-9]+, trx: .*")).count();
    }
    assertSameFigures(expected, stored("r.test_name = 'TPCC_MYSQL'"));
    assertEquals(
        "count_star()\n" + samples + "\n",
        sql(
            "select count(*) from samples join runs using (run_id) where test_name = 'TPCC_MYSQL'"));
    assertEquals(
        "test_name,dataset,thread_ladder,status\n"
            + "BENCHBASE_TPCC,MariaDB 10.11.6-MariaDB-log,\"8,16\",completed\n"
            + "TPCC_MYSQL,MariaDB 11.4,\"8,16\",completed\n",
        sql(
            "select test_name, dataset, thread_ladder, status from runs"
                + " where test_name in ('BENCHBASE_TPCC', 'TPCC_MYSQL') order by test_name"),
        "one ladder run each; BENCHBASE_TPCC is not taken by the tpcc alias");
  }

  @Test
  void importingTheOtherHarnessesAgainAddsNothing() {
    for (String[] again :
        new String[][] {
          {
            "import",
            "tpcc-mysql",
            TPCC_MYSQL.toString(),
            "--dataset",
            "MariaDB 11.4",
            "--started-at",
            "2025-05-04T10:00:00Z"
          },
          {"import", "benchbase", BENCHBASE.toString(), "--testbed", "lab-1"}
        }) {
      CliRunner.Run run = CliRunner.run(again);
      ImportRoundTripIT.ok(run);
      assertTrue(run.out().contains("nothing new: 0 events published"), run.out());
    }
  }

  /** The thread count a sysbench file prints, or the one its path gives. */
  private static String threadsOf(String dataset) throws java.io.IOException {
    String[] f = SYSBENCH.get(dataset);
    return f.length > 2
        ? f[2]
        : number("Number of threads: (\\d+)", Files.readString(GENERATIONS.resolve(f[0])));
  }

  private static String number(String regex, String text) {
    Matcher m = Pattern.compile(regex).matcher(text);
    assertTrue(m.find(), regex);
    return m.group(1);
  }
}
