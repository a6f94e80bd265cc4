package io.benchlake.importers.benchbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.SourceFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Malformed or partial BenchBase outputs are refused at file:line; older shapes are read. */
class BenchbaseRefusalTest {
  static final String SAMPLES_HEADER = String.join(",", BenchbaseCsv.SAMPLE_HEADER);
  static final String WINDOW_HEADER = String.join(",", BenchbaseCsv.WINDOW_HEADER);

  @TempDir Path dir;

  static SourceFile file(String name, String text) {
    return SourceFile.of(name, text.getBytes(StandardCharsets.UTF_8), Instant.EPOCH);
  }

  static String refusal(Runnable r) {
    return assertThrows(BadInputException.class, r::run).getMessage();
  }

  @Test
  void aSummaryWithoutItsSamplesIsRefusedNamingThem() throws Exception {
    BenchbaseImportTest.copy(dir);
    Files.delete(dir.resolve("tpcc_2025-03-10_09-01-00.samples.csv"));
    String m =
        refusal(() -> BenchbaseImport.batches(BenchbaseImportTest.request(dir, false), null));
    assertEquals(
        dir.resolve("tpcc_2025-03-10_09-01-00.summary.json")
            + ":1: no tpcc_2025-03-10_09-01-00.samples.csv beside this summary: a BenchBase result"
            + " set is read with its per-second samples",
        m);
    List<BadInputException> skipped = new ArrayList<>();
    assertEquals(
        1,
        BenchbaseImport.batches(BenchbaseImportTest.request(dir, false), skipped::add).size(),
        "--keep-going imports the other set");
    assertEquals(1, skipped.size());
  }

  @Test
  void samplesWithoutTheirSummaryAreRefused() throws Exception {
    BenchbaseImportTest.copy(dir);
    Files.delete(dir.resolve("tpcc_2025-03-10_09-01-00.summary.json"));
    String m =
        refusal(() -> BenchbaseImport.batches(BenchbaseImportTest.request(dir, false), null));
    assertTrue(m.contains("no tpcc_2025-03-10_09-01-00.summary.json beside it"), m);
  }

  @Test
  void aTruncatedSummaryIsRefusedWhereItEnds() {
    String m =
        refusal(
            () ->
                BenchbaseSummary.parse(
                    file("s.summary.json", "{\n \"Benchmark Type\": \"tpcc\",\n \"Throughput")));
    assertTrue(m.startsWith("s.summary.json:3: not a BenchBase summary"), m);
  }

  @Test
  void aSummaryWithoutThroughputOrWithAWrongLatencyIsRefusedAtItsLine() {
    String noThroughput =
        "{\n \"Benchmark Type\": \"tpcc\",\n \"Current Timestamp (milliseconds)\": 1600000000000\n}\n";
    assertEquals(
        "s.summary.json:1: a BenchBase summary names 'Throughput (requests/second)'; this one"
            + " does not",
        refusal(() -> BenchbaseSummary.parse(file("s.summary.json", noThroughput))));
    String badLatency =
        noThroughput.replace(
            "\n}",
            ",\n \"Throughput (requests/second)\": 10.5,\n \"Latency Distribution\": {\n"
                + "  \"Minimum Latency (microseconds)\": \"fast\"\n }\n}");
    String m = refusal(() -> BenchbaseSummary.parse(file("s.summary.json", badLatency)));
    assertTrue(m.startsWith("s.summary.json:6: expected 'Minimum Latency (microseconds)'"), m);
  }

  @Test
  void summariesBefore2023AreDatedByWhenTheyWereWrittenAndHaveNoGoodput() {
    StringBuilder dist = new StringBuilder();
    for (String k : BenchbaseSummary.LATENCY_KEYS) {
      dist.append(dist.length() == 0 ? "" : ",\n").append("  \"").append(k).append("\": 1500");
    }
    String old =
        "{\n \"Benchmark Type\": \"ycsb\",\n \"Current Timestamp (milliseconds)\": 1630000000000,\n"
            + " \"DBMS Type\": \"MYSQL\",\n \"DBMS Version\": \"8.0.26\",\n"
            + " \"Latency Distribution\": {\n"
            + dist
            + "\n },\n \"Throughput (requests/second)\": 1234.5,\n \"isolation\":"
            + " \"TRANSACTION_READ_COMMITTED\",\n \"scalefactor\": \"1\",\n \"terminals\": \"32\"\n}\n";
    BenchbaseSummary s = BenchbaseSummary.parse(file("old.summary.json", old));
    assertEquals(Instant.ofEpochMilli(1630000000000L), s.startedAt());
    assertEquals(false, s.startPrinted());
    assertNull(s.goodput());
    assertEquals(32, s.terminals());
    assertEquals("BENCHBASE_YCSB", s.testName());
    assertEquals("MySQL", s.dbmsLabel().orElseThrow());
    assertEquals(1500, s.latencies().p99());
  }

  @Test
  void testNamesNeverCollideWithTheTpccAlias() {
    assertEquals("BENCHBASE_TPCC", BenchbaseSummary.testName("tpcc"));
    assertEquals("BENCHBASE_TPCC_CHBENCHMARK", BenchbaseSummary.testName("tpcc,chbenchmark"));
  }

  @Test
  void aTornOrMalformedSamplesRowIsRefusedAtItsLine() {
    String good = SAMPLES_HEADER + "\n0,10,10.000,1,2,3,4,5,6,7,8,9\n";
    assertEquals(1, BenchbaseCsv.samples(file("x.samples.csv", good)).size());
    assertEquals(
        "x.samples.csv:3: the last row is cut off (no line end): a torn file",
        refusal(
            () ->
                BenchbaseCsv.samples(
                    file("x.samples.csv", good + "1,10,10.000,1,2,3,4,5,6,7,8,9"))));
    String m =
        refusal(() -> BenchbaseCsv.samples(file("x.samples.csv", good + "1,10,10.000,1,2\n")));
    assertTrue(m.startsWith("x.samples.csv:3: expected 12 comma-separated values"), m);
    m =
        refusal(
            () ->
                BenchbaseCsv.samples(
                    file("x.samples.csv", good + "2,10,10.000,1,2,3,4,5,6,7,8,9\n")));
    assertEquals("x.samples.csv:3: time 2 s; expected 1 (windows of 1 s)", m);
    m =
        refusal(
            () ->
                BenchbaseCsv.samples(
                    file("x.samples.csv", good + "1,10,10.000,-1,2,3,4,5,6,7,8,9\n")));
    assertEquals("x.samples.csv:3: a latency of -1 µs in a window with requests", m);
    m = refusal(() -> BenchbaseCsv.samples(file("x.samples.csv", "Time,Requests\n")));
    assertTrue(m.startsWith("x.samples.csv:1: expected a BenchBase samples file's header"), m);
  }

  @Test
  void rowsWrittenWithADecimalCommaAreJoinedBack() {
    String text = SAMPLES_HEADER + "\n0,10,10,500,1,2,3,4,5,6,7,8,9\n";
    assertEquals(10.5, BenchbaseCsv.samples(file("x.samples.csv", text)).get(0).throughput());
    String window =
        WINDOW_HEADER + "\n0,2,400,1,250,0,800,1,000,1,100,1,200,1,300,1,400,1,500,2,000,800,000\n";
    BenchbaseCsv.Window w = BenchbaseCsv.windows(file("x.results.csv", window)).get(0);
    assertEquals(2.4, w.throughput());
    assertEquals(1.25, w.avgMs());
    assertEquals(2.0, w.maxMs());
  }

  @Test
  void aWindowWithoutRequestsHasNoLatencyAndAddsNothingToItsTransaction() {
    String text =
        WINDOW_HEADER
            + "\n0,2.000,3.000,1.000,2.000,3.000,4.000,5.000,6.000,7.000,9.000,333.333\n"
            + "5,0.000,-0.001,-0.001,-0.001,-0.001,-0.001,-0.001,-0.001,-0.001,-0.001,-1000000.000\n"
            + "10,1.000,6.000,2.000,3.000,4.000,5.000,6.000,7.000,8.000,12.000,166.667\n";
    List<BenchbaseCsv.Window> ws = BenchbaseCsv.windows(file("x.results.Delivery.csv", text));
    assertNull(ws.get(1).avgMs());
    var values = BenchbaseTransactions.values("Delivery", ws, 5);
    assertEquals(
        "[Delivery_calls=15.0, Delivery_min=1.0, Delivery_avg=4.0, Delivery_max=12.0]",
        values.stream().map(v -> v.metric() + "=" + v.value()).toList().toString());
  }

  @Test
  void aConfigurationWithADoctypeIsRefused() {
    String xml =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE p [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
            + "<parameters><terminals>&x;</terminals></parameters>\n";
    String m = refusal(() -> BenchbaseConfig.parse(file("c.config.xml", xml)));
    assertTrue(m.startsWith("c.config.xml:2: not a BenchBase configuration (XML)"), m);
  }

  @Test
  void aDirectoryWithoutResultSetsIsRefused() throws Exception {
    Files.writeString(dir.resolve("notes.txt"), "hello\n");
    String m =
        refusal(() -> BenchbaseImport.batches(BenchbaseImportTest.request(dir, false), null));
    assertEquals(dir + ": no BenchBase result set (no *.summary.json) found", m);
  }
}
