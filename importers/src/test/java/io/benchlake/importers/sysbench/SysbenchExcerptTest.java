package io.benchlake.importers.sysbench;

import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.events;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.file;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.finished;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.read;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.text;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.values;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.variant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Summary-only excerpts (given --threads) and patched builds' several percentiles. */
class SysbenchExcerptTest {
  private static final String EXCERPT = "sysbench-1.0_summary_excerpt.txt";
  private static final String PATCHED = "sysbench-1.0-patched_percentiles_t32.log";

  @Test
  void aSummaryWithoutItsHeaderIsRefusedNamingTheOption() {
    BadInputException e = assertThrows(BadInputException.class, () -> read(EXCERPT));
    assertEquals(
        file(EXCERPT).name()
            + ":1: sysbench 1.0 summary without its header: it does not say its thread count"
            + " ('Number of threads:'); give --threads N (or {threads} in --layout)",
        e.getMessage());
  }

  @Test
  void withThreadsGivenItIsOneIteration() {
    SysbenchLog log = SysbenchLogs.read(file(EXCERPT), ThreadsGiven.option(128));
    assertEquals(128, log.threads());
    assertEquals(Optional.of(SysbenchGeneration.V1_0), log.generation());
    ImportBatch b = events(log, "oltp_point_select");
    Map<String, Double> v = values(b);
    assertEquals(1837.38, v.get("TPS"));
    assertEquals(18373.78, v.get("QPS"));
    assertEquals(551234.0, v.get("transactions"));
    assertEquals(0.11, v.get("latency_min_ms"));
    assertEquals(69.65, v.get("latency_avg_ms"));
    assertEquals(402.55, v.get("latency_max_ms"));
    assertEquals(121.08, v.get("latency_p95_ms"));
    assertEquals(300.0112, finished(b).measuredS());
    assertEquals(128, finished(b).threads());
  }

  @Test
  void aTruncatedExcerptIsRefusedAtItsEnd() throws Exception {
    String full = text(EXCERPT);
    String cut = full.substring(0, full.indexOf("Latency (ms):"));
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> SysbenchLogs.read(variant("x.txt", cut), ThreadsGiven.option(8)));
    assertEquals(
        "x.txt:14: sysbench 1.0 summary has no 'min:' line (a truncated summary?)", e.getMessage());
  }

  @Test
  void everyPrintedPercentileIsItsOwnMetric() {
    SysbenchLog log = read(PATCHED);
    assertEquals(
        List.of(
            new SysbenchLog.Percentile(95, 15.27),
            new SysbenchLog.Percentile(99, 18.95),
            new SysbenchLog.Percentile(99.9, 33.12)),
        log.summary().orElseThrow().percentiles());
    Map<String, Double> v = values(events(log, "oltp_read_write"));
    assertEquals(15.27, v.get("latency_p95_ms"));
    assertEquals(18.95, v.get("latency_p99_ms"));
    assertEquals(33.12, v.get("latency_p99.9_ms"));
    assertEquals(3100.17, v.get("TPS"));
  }

  @Test
  void aPercentileLineWithNoValueIsRefusedAtItsLine() throws Exception {
    String broken =
        text(PATCHED).replace("99th percentile:                       18.95", "99th percentile:");
    BadInputException e =
        assertThrows(
            BadInputException.class, () -> SysbenchLogs.read(variant("p.log", broken), null));
    assertEquals(
        "p.log:38: sysbench 1.0 summary: expected a latency in ms after '99th percentile:', found"
            + " ''",
        e.getMessage());
  }

  @Test
  void ranksArePrintedWithoutTheirPoint() {
    assertEquals(95.0, SysbenchSummaryLines.percentOf("95"));
    assertEquals(99.9, SysbenchSummaryLines.percentOf("999"));
    assertEquals(99.99, SysbenchSummaryLines.percentOf("9999"), 1e-9);
    assertEquals(99.5, SysbenchSummaryLines.percentOf("99.5"));
    assertTrue(SysbenchSummaryLines.isPercentile("approx.  95 percentile"));
  }
}
