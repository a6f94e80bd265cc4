package io.benchlake.importers.benchbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportRequest;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A directory of BenchBase result sets becomes one ladder run with every figure of its files. */
class BenchbaseImportTest {
  static final String EIGHT = "tpcc_2025-03-10_09-00-00";

  @TempDir Path dir;

  static Path fixture() throws Exception {
    return Path.of(BenchbaseImportTest.class.getResource("/benchbase/ladder").toURI());
  }

  /** The fixture's files copied where a test may change them. */
  static Path copy(Path to) throws Exception {
    try (var files = Files.list(fixture())) {
      for (Path f : files.toList()) {
        Files.copy(f, to.resolve(f.getFileName()));
      }
    }
    return to;
  }

  static ImportRequest request(Path path, boolean repeats) {
    return ImportRequest.builder(new BenchbaseFormat(), List.of(path))
        .host("bench1")
        .repeatsAsIterations(repeats)
        .testbed("lab-1")
        .build();
  }

  static <T extends Event> List<T> all(ImportBatch b, Class<T> kind) {
    return b.events().stream().filter(kind::isInstance).map(kind::cast).toList();
  }

  static double value(IterationFinished f, String metric) {
    return f.values().stream()
        .filter(v -> v.metric().equals(metric))
        .mapToDouble(IterationValue::value)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + metric + " in " + f.values()));
  }

  @Test
  void aDirectoryOfTwoResultSetsIsOneLadderWithTheSummariesFigures() throws Exception {
    List<ImportBatch> batches = BenchbaseImport.batches(request(fixture(), false), null);
    assertEquals(1, batches.size());
    ImportBatch b = batches.get(0);
    RunStarted run = all(b, RunStarted.class).get(0);
    assertEquals("MariaDB 10.11.6-MariaDB-log", run.dataset());
    assertEquals("BENCHBASE_TPCC", run.testName());
    assertEquals(List.of(8, 16), run.parameters().threads());
    assertEquals(4, run.parameters().warehouses());
    assertEquals(12.0, run.parameters().durationS());
    assertEquals(2.0, run.parameters().warmupS());
    assertEquals("lab-1", run.testbed());
    assertEquals(Instant.ofEpochMilli(1741597200000L), run.startedAt());

    List<IterationFinished> its = all(b, IterationFinished.class);
    assertEquals(2, its.size());
    IterationFinished eight = its.get(0);
    assertEquals(8, eight.threads());
    assertEquals(1, eight.iteration());
    assertEquals(IterationFinished.Status.completed, eight.status());
    assertEquals(290.3867915041644, value(eight, "TPS"));
    assertEquals(290.3034667433311, value(eight, "goodput"));
    assertEquals(3485, value(eight, "requests"));
    assertEquals(0.823, value(eight, "latency_min_ms"));
    assertEquals(7.757, value(eight, "latency_p50_ms"));
    assertEquals(10.655, value(eight, "latency_avg_ms"));
    assertEquals(28.503, value(eight, "latency_p95_ms"));
    assertEquals(52.952, value(eight, "latency_p99_ms"));
    assertEquals(97.476, value(eight, "latency_max_ms"));
    assertEquals(12.001234567, eight.measuredS(), 1e-9);
    // the per-transaction windows add up to every measured request
    double calls = 0;
    for (String tx : List.of("NewOrder", "Payment", "OrderStatus", "Delivery", "StockLevel")) {
      calls += value(eight, tx + "_calls");
    }
    assertEquals(3485, calls);
    assertEquals(141, value(eight, "Delivery_calls"));
    assertEquals(11.81, value(eight, "Delivery_min"));
    assertEquals(39.635, value(eight, "Delivery_avg"), "weighted by each window's requests");
    assertEquals(97.476, value(eight, "Delivery_max"));
    assertEquals(16, its.get(1).threads());
    assertEquals(588.8560848091622, value(its.get(1), "TPS"));
  }

  @Test
  void everySecondOfTheSamplesIsASampleAndAnEmptySecondHasNoLatency() throws Exception {
    ImportBatch b = BenchbaseImport.batches(request(fixture(), false), null).get(0);
    List<Sample> eight = all(b, Sample.class).stream().filter(s -> s.threads() == 8).toList();
    assertEquals(12, eight.size());
    Sample first = eight.get(0);
    assertEquals(1.0, first.offsetS());
    assertEquals(1.0, first.intervalS());
    assertEquals(291L, first.transactions());
    assertEquals(291.0, first.tps());
    assertEquals(10.755, first.latencyAvgMs());
    assertEquals(95.0, first.latencyPct());
    assertEquals(26.56, first.latencyPctMs());
    assertEquals(81.28, first.latencyMaxMs());
    Sample stall = eight.get(4);
    assertEquals(5.0, stall.offsetS());
    assertEquals(0.0, stall.tps());
    assertNull(stall.latencyAvgMs());
    assertNull(stall.latencyPct());
    assertEquals(Sample.Phase.measured, stall.phase());
  }

  @Test
  void theEnvironmentIsTheDbmsVersionAndVariablesWithSecretsMasked() throws Exception {
    ImportBatch b = BenchbaseImport.batches(request(fixture(), false), null).get(0);
    EnvironmentSnapshot env = all(b, EnvironmentSnapshot.class).get(0);
    assertEquals("mariadb", env.database().maker());
    assertEquals("10.11.6-MariaDB-log", env.database().version());
    assertEquals("innodb", env.database().engine());
    assertEquals("4294967296", env.database().variables().get("innodb_buffer_pool_size"));
    assertEquals("***", env.database().variables().get("wsrep_sst_auth"));
    assertFalse(b.events().toString().contains("hunter2"));
  }

  @Test
  void theRawFileIsNeverRead() throws Exception {
    ImportBatch b = BenchbaseImport.batches(request(fixture(), false), null).get(0);
    assertTrue(b.files().stream().noneMatch(f -> f.endsWith(".raw.csv")), b.files().toString());
    assertEquals(
        2 * 11,
        b.files().size(),
        "summary, samples, results, 5 per-transaction, params, metrics, config");
  }

  @Test
  void aTerminalCountSeenEarlierStartsTheNextRunUnlessRepeatsAreIterations() throws Exception {
    copy(dir);
    // a third set at 8 terminals, a minute later
    try (var files = Files.list(fixture())) {
      for (Path f : files.toList()) {
        String name = f.getFileName().toString();
        if (name.startsWith(EIGHT)) {
          String text = Files.readString(f).replace("1741597200000", "1741597320000");
          Files.writeString(dir.resolve(name.replace("09-00-00", "09-02-00")), text);
        }
      }
    }
    List<ImportBatch> runs = BenchbaseImport.batches(request(dir, false), null);
    assertEquals(2, runs.size());
    assertEquals(List.of(8, 16), all(runs.get(0), RunStarted.class).get(0).parameters().threads());
    assertEquals(List.of(8), all(runs.get(1), RunStarted.class).get(0).parameters().threads());
    List<ImportBatch> one = BenchbaseImport.batches(request(dir, true), null);
    assertEquals(1, one.size());
    List<IterationFinished> its = all(one.get(0), IterationFinished.class);
    assertEquals(List.of(1, 1, 2), its.stream().map(IterationFinished::iteration).toList());
    assertEquals(2, all(one.get(0), RunStarted.class).get(0).parameters().iterations());
  }

  @Test
  void aLastSetInTheErrorStateFailsTheRun() throws Exception {
    copy(dir);
    Path summary = dir.resolve("tpcc_2025-03-10_09-01-00.summary.json");
    Files.writeString(summary, Files.readString(summary).replace("\"EXIT\"", "\"ERROR\""));
    ImportBatch b = BenchbaseImport.batches(request(dir, false), null).get(0);
    List<IterationFinished> its = all(b, IterationFinished.class);
    assertEquals(IterationFinished.Status.failed, its.get(1).status());
    assertTrue(b.description().contains("failed"), b.description());
  }

  @Test
  void importingTheSameFilesTwiceGivesTheSameEvents() throws Exception {
    assertEquals(
        BenchbaseImport.batches(request(fixture(), false), null).get(0).events(),
        BenchbaseImport.batches(request(fixture(), false), null).get(0).events());
  }

  @Test
  void aSummaryGivenAsAFileReadsItsOwnSetOnly() throws Exception {
    List<ImportBatch> b =
        BenchbaseImport.batches(request(fixture().resolve(EIGHT + ".summary.json"), false), null);
    assertEquals(1, b.size());
    assertEquals(List.of(8), all(b.get(0), RunStarted.class).get(0).parameters().threads());
  }
}
