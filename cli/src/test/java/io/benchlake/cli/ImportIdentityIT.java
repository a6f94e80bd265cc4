package io.benchlake.cli;

import static io.benchlake.cli.ImportRoundTripIT.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.bus.EventBus;
import io.benchlake.home.BenchlakeHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Issue 41's identities through the real broker, Flink job and views, on outputs written from the
 * formats (WrittenOutputs): a HammerDB ladder is one run and re-imports per run; an edited sysbench
 * log replaces its run once; one log for two datasets is two runs; an aborted last rung fails its
 * ladder; a file of several runs imported twice adds nothing; two testbeds, and A/B configs on one
 * testbed, are separate series in trend, changes and releases. The tests share one home and its
 * broker, each with datasets of its own: every test's first imports are published before the
 * class's first ingest, which they share (each test checks its own imports' output), and each
 * test's later imports and ingests are its own. The last rebuilds the warehouse and finds every
 * view and answer as the incremental ingests left them.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ImportIdentityIT {
  static final long APRIL_2025 = 1744628400L; // 2025-04-14T11:00:00Z
  static final long MAY_2025 = 1746090000L; // 2025-05-01T09:00:00Z
  private static final ObjectMapper JSON = new ObjectMapper();
  static final int[] LADDER = {1, 2, 4, 8, 16, 32, 64};
  private static Path home;
  private static EventBus broker;

  /** What each test's first imports printed, by test and import. */
  private static final Map<String, CliRunner.Run> FIRST = new TreeMap<>();

  /** The class's first ingest, shared by every test's first imports. */
  private static CliRunner.Run firstIngest;

  @BeforeAll
  static void sharedHomeWithEveryTestsFirstImportsIngestedOnce() throws Exception {
    home = CliRunner.useFreshHome("import-identity");
    broker = EventBus.connect(new BenchlakeHome(home), Optional.empty());
    ladderImportedTwice();
    sysbenchImportedAsA();
    abortedLadderImported();
    twoLaddersAndALogDirectoryImportedTwice();
    perRungFilesImportedTwice();
    fourDatasetsOnTwoTestbedsImported();
    interleavedAbConfigsImported();
    firstIngest = CliRunner.run("ingest");
  }

  /** What the import {@code name} printed; the shared first ingest must have succeeded. */
  private static CliRunner.Run firstImport(String name) {
    ok(firstIngest);
    return FIRST.get(name);
  }

  @AfterAll
  static void stopBroker() {
    if (broker != null) {
      broker.close();
    }
  }

  static String sql(String query) {
    CliRunner.Run r = CliRunner.run("sql", query, "--format", "csv");
    ok(r);
    return String.join("\n", r.out().lines().skip(1).toList());
  }

  static Path write(String name, String text) throws Exception {
    Path file = home.resolve("outputs").resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  static long[] nopm(long... values) {
    return values;
  }

  static JsonNode json(String... args) throws Exception {
    CliRunner.Run r = CliRunner.run(args);
    ok(r);
    return JSON.readTree(r.out());
  }

  /**
   * A trend's points as "series month" to its mean (rounded to a multiple of {@code unit}) and
   * marker, for the series named.
   */
  static Map<String, String> points(JsonNode trend, long unit, String... series) {
    Map<String, String> out = new TreeMap<>();
    for (JsonNode p : trend.get("points")) {
      String s = p.get("series").asText();
      if (java.util.Arrays.asList(series).contains(s)) {
        out.put(
            s + " " + p.get("month").asText(),
            Math.round(p.get("mean").asDouble() / unit) * unit
                + (p.get("marker").isNull() ? "" : " | " + p.get("marker").asText()));
      }
    }
    return out;
  }

  private static long[] ladderFigures() {
    return nopm(5012, 9870, 19020, 36100, 61500, 84200, 87350);
  }

  private static void ladderImportedTwice() throws Exception {
    Path log =
        write(
            "ladder/hammerdb.log",
            WrittenOutputs.hammerdbLadder(APRIL_2025, LADDER, ladderFigures()));
    for (String run : new String[] {"ladder", "ladder again"}) {
      FIRST.put(run, CliRunner.run("import", "hammerdb", log.toString(), "--dataset", "L 11.8"));
    }
  }

  @Test
  void aLadderReimportedIsOneRunOfSevenRungsAndAChangedRungReplacesItOnce() throws Exception {
    long[] figures = ladderFigures();
    Path log = home.resolve("outputs/ladder/hammerdb.log");
    CliRunner.Run first = firstImport("ladder");
    ok(first);
    assertTrue(first.out().contains("7 rungs (1 to 64 VUs), 7 result(s) of 7"), first.out());
    assertTrue(first.err().contains("parsed 1 file(s)"), first.err());
    CliRunner.Run again = firstImport("ladder again");
    ok(again);
    assertTrue(again.out().contains("nothing new: 0 events published"), again.out());
    assertFalse(again.out().contains("replaced"), again.out());
    String runs = "select count(*) from runs where dataset = 'L 11.8'";
    String rungs =
        "select count(distinct threads) || ' ' || count(*) from iterations join runs using (run_id)"
            + " where dataset = 'L 11.8' and metric = 'NOPM'";
    assertEquals("1", sql(runs));
    assertEquals("7 7", sql(rungs));
    assertEquals("0", sql("select count(*) from retractions where reason like '%ladder%'"));
    String before = sql("select run_id from runs where dataset = 'L 11.8'");

    figures[4] = 61900;
    Files.writeString(log, WrittenOutputs.hammerdbLadder(APRIL_2025, LADDER, figures));
    CliRunner.Run edited =
        CliRunner.run("import", "hammerdb", log.toString(), "--dataset", "L 11.8");
    ok(edited);
    assertEquals(
        1,
        edited.out().lines().filter(l -> l.startsWith("replaced 1 run from")).count(),
        edited.out());
    ok(CliRunner.run("ingest"));
    assertEquals("1", sql(runs));
    assertEquals("7 7", sql(rungs));
    assertEquals(
        "61900",
        sql(
            "select cast(value as bigint) from iterations join runs using (run_id)"
                + " where dataset = 'L 11.8' and metric = 'NOPM' and threads = 16"));
    assertEquals("1", sql("select count(*) from retractions where run_id = '" + before + "'"));
  }

  private static String[] sysbenchAsA(Path log) {
    return new String[] {
      "import",
      "sysbench",
      log.toString(),
      "--dataset",
      "SB A",
      "--test",
      "OLTP_RW",
      "--started-at",
      "2026-03-02"
    };
  }

  private static void sysbenchImportedAsA() throws Exception {
    Path log = write("sysbench/oltp.log", WrittenOutputs.sysbench(4, 20, 1384.80));
    FIRST.put("sysbench", CliRunner.run(sysbenchAsA(log)));
  }

  @Test
  void anEditedSysbenchLogReplacesItsRunOnceAndTheSameLogForTwoDatasetsIsTwoRuns()
      throws Exception {
    Path log = home.resolve("outputs/sysbench/oltp.log");
    String[] asA = sysbenchAsA(log);
    ok(firstImport("sysbench"));
    String samples = "select count(*) from samples join runs using (run_id) where dataset = 'SB A'";
    String tps =
        "select round(value, 2) from iterations join runs using (run_id)"
            + " where dataset = 'SB A' and metric = 'TPS' and not computed";
    assertEquals("20", sql(samples));
    assertEquals("1384.8", sql(tps));

    Files.writeString(log, WrittenOutputs.sysbench(4, 20, 2000.00));
    CliRunner.Run edited = CliRunner.run(asA);
    ok(edited);
    assertEquals(
        1,
        edited.out().lines().filter(l -> l.startsWith("replaced 1 run from")).count(),
        edited.out());
    ok(CliRunner.run("ingest"));
    assertEquals("20", sql(samples), "the samples are not doubled");
    assertEquals("2000", sql(tps));
    ok(CliRunner.run("ingest", "--rebuild"));
    assertEquals("20", sql(samples));
    assertEquals("2000", sql(tps), "the same answer after a rebuild");

    CliRunner.Run asB =
        CliRunner.run(
            "import",
            "sysbench",
            log.toString(),
            "--dataset",
            "SB B",
            "--test",
            "OLTP_RW",
            "--started-at",
            "2026-03-02");
    ok(asB);
    assertFalse(asB.out().contains("replaced"), asB.out());
    ok(CliRunner.run("ingest"));
    assertEquals(
        "SB A 2000\nSB B 2000",
        sql(
            "select dataset || ' ' || cast(round(value) as bigint) from iterations"
                + " join runs using (run_id)"
                + " where dataset like 'SB %' and metric = 'TPS' and not computed order by 1"));
  }

  private static void abortedLadderImported() throws Exception {
    int[] vus = {1, 2, 4};
    String text =
        WrittenOutputs.hammerdbLadder(APRIL_2025 + 86400, vus, nopm(5000, 9900, -1))
            + WrittenOutputs.hammerdbLadder(APRIL_2025 + 2 * 86400, vus, nopm(5100, 9950, 19100));
    Path log = write("aborted/hammerdb.log", text);
    FIRST.put("aborted", CliRunner.run("import", "hammerdb", log.toString(), "--dataset", "AB"));
  }

  @Test
  void aLadderWhoseLastRungAbortedThenACompleteLadderAreTwoRunsTheFirstFailed() throws Exception {
    CliRunner.Run imported = firstImport("aborted");
    ok(imported);
    assertTrue(imported.out().contains("4 VUs no result"), imported.out());
    assertEquals(
        "\"failed 1,2,4\"\n\"completed 1,2,4\"",
        sql(
            "select status || ' ' || thread_ladder from runs where dataset = 'AB' order by"
                + " started_at"));
  }

  private static final int[] TWO_VUS = {1, 2, 4};
  private static final long TWO_DAY1 = APRIL_2025 + 10 * 86400;
  private static final long TWO_DAY2 = APRIL_2025 + 11 * 86400;

  private static String[] asTwo() {
    return new String[] {
      "import", "hammerdb", home.resolve("outputs/two/hammerdb.log").toString(), "--dataset", "TWO"
    };
  }

  private static void twoLaddersAndALogDirectoryImportedTwice() throws Exception {
    write(
        "two/hammerdb.log",
        WrittenOutputs.hammerdbLadder(TWO_DAY1, TWO_VUS, nopm(4000, 7900, 15800))
            + WrittenOutputs.hammerdbLadder(TWO_DAY2, TWO_VUS, nopm(4100, 8000, 16000)));
    String[] asTwo = asTwo();
    FIRST.put("two", CliRunner.run(asTwo));
    Path logs = home.resolve("outputs/sysbench-dir");
    Files.createDirectories(logs);
    for (int threads : TWO_VUS) {
      Files.writeString(
          logs.resolve("t" + threads + ".log"), WrittenOutputs.sysbench(threads, 5, 400 * threads));
    }
    String[] asLogs = {
      "import",
      "sysbench",
      logs.resolve("t1.log").toString(),
      logs.resolve("t2.log").toString(),
      logs.resolve("t4.log").toString(),
      "--dataset",
      "SYSBENCH DIR",
      "--test",
      "OLTP_RO",
      "--started-at",
      "2026-03-05"
    };
    FIRST.put("sysbench dir", CliRunner.run(asLogs));
    FIRST.put("two again", CliRunner.run(asTwo));
    FIRST.put("sysbench dir again", CliRunner.run(asLogs));
  }

  @Test
  void aFileOfTwoLaddersImportedTwiceAddsNothingAndAChangedLadderReplacesOnlyItself()
      throws Exception {
    long[] second = nopm(4100, 8000, 16000);
    Path log = home.resolve("outputs/two/hammerdb.log");
    ok(firstImport("two"));
    ok(firstImport("sysbench dir"));
    for (String again : new String[] {"two again", "sysbench dir again"}) {
      CliRunner.Run r = firstImport(again);
      ok(r);
      assertTrue(r.out().contains("nothing new: 0 events published"), r.out());
      assertFalse(r.out().contains("replaced"), r.out());
    }
    String runs =
        "select dataset || ' ' || thread_ladder || ' ' || status from runs"
            + " where dataset in ('TWO', 'SYSBENCH DIR') order by started_at";
    assertEquals(
        "\"TWO 1,2,4 completed\"\n\"TWO 1,2,4 completed\"\n\"SYSBENCH DIR 1,2,4 completed\"",
        sql(runs));
    String ids = "select run_id from runs where dataset = 'TWO' order by started_at";
    String[] before = sql(ids).split("\n");

    second[1] = 8050;
    Files.writeString(
        log,
        WrittenOutputs.hammerdbLadder(TWO_DAY1, TWO_VUS, nopm(4000, 7900, 15800))
            + WrittenOutputs.hammerdbLadder(TWO_DAY2, TWO_VUS, second));
    CliRunner.Run edited = CliRunner.run(asTwo());
    ok(edited);
    assertEquals(
        1,
        edited.out().lines().filter(l -> l.startsWith("replaced 1 run from")).count(),
        edited.out());
    ok(CliRunner.run("ingest"));
    String[] after = sql(ids).split("\n");
    assertEquals(2, after.length);
    assertEquals(before[0], after[0], "the unchanged ladder keeps its id");
    assertEquals(
        "0 1",
        sql(
            "select count(*) filter (where run_id = '"
                + before[0]
                + "') || ' ' || count(*) filter (where run_id = '"
                + before[1]
                + "') from retractions"));
    assertEquals(
        "4000 7900 15800 4100 8050 16000",
        sql(
            "select string_agg(cast(value as bigint), ' ' order by runs.started_at, threads)"
                + " from iterations join runs using (run_id)"
                + " where dataset = 'TWO' and metric = 'NOPM'"));
  }

  private static void perRungFilesImportedTwice() throws Exception {
    int[] vus = {4, 8, 16};
    long[] figures = nopm(9000, 17000, 30000);
    for (int i = 0; i < vus.length; i++) {
      write(
          "per-rung/lab-1/PR 12.3/vu" + vus[i] + ".log",
          WrittenOutputs.hammerdbLadder(
              MAY_2025 + 20 * 86400 + i * 900, new int[] {vus[i]}, nopm(figures[i])));
    }
    String[] asLayout = {
      "import",
      "hammerdb",
      home.resolve("outputs/per-rung").toString(),
      "--layout",
      "{testbed}/{dataset}/*.log"
    };
    FIRST.put("per rung", CliRunner.run(asLayout));
    FIRST.put("per rung again", CliRunner.run(asLayout));
  }

  @Test
  void aLadderWrittenAFilePerRungUnderALayoutIsOneRunOnItsTestbed() throws Exception {
    CliRunner.Run first = firstImport("per rung");
    ok(first);
    assertTrue(first.out().contains("3 rungs (4 to 16 VUs)"), first.out());
    CliRunner.Run again = firstImport("per rung again");
    ok(again);
    assertTrue(again.out().contains("nothing new: 0 events published"), again.out());
    assertEquals(
        "\"lab-1 4,8,16 completed\"",
        sql(
            "select testbed || ' ' || thread_ladder || ' ' || status from runs"
                + " where dataset = 'PR 12.3'"));
  }

  /** Dataset, testbed (or none), and its two runs' NOPM at 8 VUs. */
  private static final String[][] TESTBED_DATASETS = {
    {"TB small", "tb-small", "752", "760"},
    {"TB big", "tb-big", "7422", "7430"},
    {"NT one", null, "311", "345"},
    {"NT two", null, "3455", "3461"}
  };

  private static void fourDatasetsOnTwoTestbedsImported() throws Exception {
    int[] ladder = {4, 8}; // a VU count seen again starts the next run: two ladders, two runs
    String[][] datasets = TESTBED_DATASETS;
    for (int i = 0; i < datasets.length; i++) {
      String[] d = datasets[i];
      Path log =
          write(
              "testbeds/" + i + "/hammerdb.log",
              WrittenOutputs.hammerdbLadder(
                      MAY_2025 + i * 3600,
                      ladder,
                      nopm(Long.parseLong(d[2]) / 2, Long.parseLong(d[2])))
                  + WrittenOutputs.hammerdbLadder(
                      MAY_2025 + 86400 + i * 3600,
                      ladder,
                      nopm(Long.parseLong(d[3]) / 2, Long.parseLong(d[3]))));
      FIRST.put(
          "testbeds " + i,
          d[1] == null
              ? CliRunner.run("import", "hammerdb", log.toString(), "--dataset", d[0])
              : CliRunner.run(
                  "import", "hammerdb", log.toString(), "--dataset", d[0], "--testbed", d[1]));
    }
  }

  @Test
  void twoDatasetsOnTwoTestbedsAreTwoSeriesInTrendChangesAndReleasesNeverAveraged()
      throws Exception {
    String[][] datasets = TESTBED_DATASETS;
    for (int i = 0; i < datasets.length; i++) {
      ok(firstImport("testbeds " + i));
    }
    JsonNode trend =
        json(
            "trend", "--test", "TPROC-C", "--threads", "8", "--metric", "NOPM", "--format", "json");
    assertEquals(
        Map.of(
            "tb-small 2025-05", "756",
            "tb-big 2025-05", "7426",
            "NT one (no testbed) 2025-05", "328",
            "NT two (no testbed) 2025-05", "3458"),
        points(trend, 1, "tb-small", "tb-big", "NT one (no testbed)", "NT two (no testbed)"));

    JsonNode report =
        json(
            "report",
            "--test",
            "TPROC-C",
            "--metric",
            "NOPM",
            "--datasets",
            "TB small,TB big",
            "--format",
            "json");
    assertEquals(2, report.get("peaks").size(), report.get("peaks").toString());
    for (int i = 0; i < 2; i++) {
      JsonNode peak = report.get("peaks").get(i);
      assertEquals(datasets[i][0], peak.get("dataset").asText());
      assertEquals(8, peak.get("threads").asInt());
      assertTrue(peak.get("text").asText().endsWith(" NOPM at 8 VUs"), peak.toString());
    }

    CliRunner.Run mixed =
        CliRunner.run("changes", "--test", "TPROC-C", "--threads", "8", "--metric", "NOPM");
    assertEquals(2, mixed.exit(), mixed.out() + mixed.err());
    assertTrue(mixed.err().contains("several testbeds"), mixed.err());
    for (String[] d : datasets) {
      String testbed = d[1] == null ? d[0] + " (no testbed)" : d[1];
      JsonNode changes =
          json(
              "changes",
              "--test",
              "TPROC-C",
              "--threads",
              "8",
              "--metric",
              "NOPM",
              "--testbed",
              testbed,
              "--format",
              "json");
      assertEquals(testbed, changes.get("testbed").asText());
      assertEquals(2, changes.get("runs").asInt(), testbed + ": its own two runs");
    }
    assertEquals(
        "NT one (no testbed) 11.8.3 328\nNT two (no testbed) 11.8.3 3458\n"
            + "tb-big 11.8.3 7426\ntb-small 11.8.3 756",
        sql(
            "select testbed || ' ' || release || ' ' || cast(round(mean) as bigint) from releases"
                + " where threads = 8 and metric = 'NOPM'"
                + " and (testbed like 'tb-%' or testbed like 'NT %') order by 1"));
  }

  private static void interleavedAbConfigsImported() throws Exception {
    String on = "[mysqld]\ninnodb_adaptive_hash_index=ON\n";
    String off = "[mysqld]\ninnodb_adaptive_hash_index=OFF\n";
    String bigger = "[mysqld]\ninnodb_adaptive_hash_index=ON\ninnodb_buffer_pool_size=8G\n";
    InjectedHistory h = new InjectedHistory(41, 0).test("AB_RW").on("ab-bed").ids("ab-day-");
    for (int i = 0; i < 4; i++) {
      h.dataset("AHI ON").config(on).runs(1, 1000).dataset("AHI OFF").config(off).runs(1, 800);
    }
    h.skip(40).dataset("AHI ON").config(bigger).runs(4, 1100);
    FIRST.put(
        "ab configs",
        CliRunner.run("import", "events", h.write(home.resolve("ab.jsonl")).toString()));
  }

  @Test
  void interleavedAbConfigsOnOneTestbedAreTwoSeriesAndAReplacedConfigAMarker() throws Exception {
    ok(firstImport("ab configs"));
    String seriesOn = sql("select distinct series from run_series where dataset = 'AHI ON'");
    String seriesOff = sql("select distinct series from run_series where dataset = 'AHI OFF'");
    assertTrue(seriesOn.startsWith("ab-bed · cnf "), seriesOn);
    assertTrue(seriesOff.startsWith("ab-bed · cnf "), seriesOff);
    assertFalse(seriesOn.equals(seriesOff), seriesOn);
    String onConfig = seriesOn.substring("ab-bed · cnf ".length());
    String biggerConfig =
        sql(
            "select distinct left(config_fingerprint, 8) from run_series where run_id ="
                + " 'ab-day-48'");

    JsonNode trend =
        json("trend", "--test", "AB_RW", "--threads", "8", "--metric", "TPS", "--format", "json");
    assertEquals(
        Map.of(
            seriesOn + " 2026-01", "1000",
            seriesOff + " 2026-01", "800",
            seriesOn + " 2026-02", "1100 | config " + onConfig + " -> " + biggerConfig),
        points(trend, 10, seriesOn, seriesOff));

    CliRunner.Run both =
        CliRunner.run(
            "changes",
            "--test",
            "AB_RW",
            "--threads",
            "8",
            "--metric",
            "TPS",
            "--testbed",
            "ab-bed");
    assertEquals(2, both.exit(), both.out() + both.err());
    assertTrue(both.err().contains(seriesOn) && both.err().contains(seriesOff), both.err());
    JsonNode changes =
        json(
            "changes",
            "--test",
            "AB_RW",
            "--threads",
            "8",
            "--metric",
            "TPS",
            "--testbed",
            seriesOn,
            "--format",
            "json");
    assertEquals(8, changes.get("runs").asInt());
    JsonNode markers = changes.get("markers");
    assertEquals(1, markers.size(), markers.toString());
    assertEquals(5, markers.get(0).get("point").asInt());
    assertEquals("ab-day-48", markers.get(0).get("run_id").asText());
    assertEquals(
        "config " + onConfig + " -> " + biggerConfig, markers.get(0).get("marker").asText());
  }

  @Test
  @Order(Integer.MAX_VALUE)
  void aRebuildServesExactlyWhatTheIncrementalIngestsServed() throws Exception {
    Map<String, String> incremental = ServedAnswers.now();
    assertTrue(incremental.get("runs").lines().count() > 10, incremental.get("runs"));
    ok(CliRunner.run("ingest", "--rebuild"));
    Map<String, String> rebuilt = ServedAnswers.now();
    for (String what : incremental.keySet()) {
      assertEquals(incremental.get(what), rebuilt.get(what), what + " after ingest --rebuild");
    }
  }
}
