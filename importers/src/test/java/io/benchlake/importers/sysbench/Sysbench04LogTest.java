package io.benchlake.importers.sysbench;

import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.events;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.finished;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.property;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.read;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.text;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.values;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.variant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.schemas.IterationFinished;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** sysbench 0.4.12: OLTP test statistics, Test execution summary, per-request statistics. */
class Sysbench04LogTest {
  private static final String LOG = "sysbench-0.4.12_oltp_t8.log";

  @Test
  void theBannerNamesTheGenerationAndTheSummaryIsRead() {
    SysbenchLog log = read(LOG);
    assertEquals(Optional.of(SysbenchGeneration.V0_4), log.generation());
    assertEquals(Optional.of("0.4.12"), log.version());
    assertEquals(8, log.threads());
    assertTrue(log.intervals().isEmpty());
    SysbenchLog.Summary s = log.summary().orElseThrow();
    assertEquals(20250, s.transactions());
    assertEquals(337.49, s.tps());
    assertEquals(7087.31, s.qps());
    assertEquals(425253, s.queriesTotal());
    assertEquals(3L, s.deadlocks());
    assertNull(s.ignoredErrors());
    assertNull(s.reconnects());
    assertEquals(60.0021, s.totalTimeS());
    assertEquals(479841.2, s.latencySumMs(), 1e-6);
    assertEquals(List.of(new SysbenchLog.Percentile(95, 35.36)), s.percentiles());
  }

  @Test
  void itsValuesBecomeTheMetricsOfEveryGenerationWithDeadlocksInsteadOfErrors() {
    ImportBatch b = events(read(LOG), "oltp");
    Map<String, Double> v = values(b);
    assertEquals(
        List.of(
            "TPS",
            "QPS",
            "transactions",
            "queries",
            "deadlocks",
            "latency_min_ms",
            "latency_avg_ms",
            "latency_max_ms",
            "latency_p95_ms"),
        List.copyOf(v.keySet()));
    assertEquals(337.49, v.get("TPS"));
    assertEquals(3.0, v.get("deadlocks"));
    assertEquals(6.01, v.get("latency_min_ms"));
    assertEquals(23.70, v.get("latency_avg_ms"));
    assertEquals(186.44, v.get("latency_max_ms"));
    assertEquals(35.36, v.get("latency_p95_ms"));
    assertEquals(IterationFinished.Status.completed, finished(b).status());
    assertEquals(60.0021, finished(b).measuredS());
    assertEquals("sysbench 0.4", property(b, "sysbench generation"));
    assertEquals("0.4.12", property(b, "sysbench version"));
  }

  @Test
  void anExcerptWithoutItsBannerIsStillToldByItsTestExecutionSummary() throws Exception {
    String excerpt = text(LOG).substring(text(LOG).indexOf("OLTP test statistics:"));
    SysbenchLog log = SysbenchLogs.read(variant("blog.txt", excerpt), ThreadsGiven.option(8));
    assertEquals(Optional.of(SysbenchGeneration.V0_4), log.generation());
    assertEquals(Optional.empty(), log.version());
    assertEquals(8, log.threads());
  }

  @Test
  void aPercentileLineWithNoValueIsRefusedAtItsLine() throws Exception {
    String broken = text(LOG).replaceFirst("(approx\\.  95 percentile:)\\s+35\\.36ms", "$1");
    BadInputException e =
        assertThrows(
            BadInputException.class, () -> SysbenchLogs.read(variant("p.log", broken), null));
    assertEquals(
        "p.log:36: sysbench 0.4 summary: expected a latency in ms after 'approx. 95 percentile:',"
            + " found ''",
        e.getMessage());
  }

  @Test
  void aTruncatedSummaryIsRefusedNamingTheMissingLine() throws Exception {
    String full = text(LOG);
    String cut = full.substring(0, full.indexOf("         max:"));
    BadInputException e =
        assertThrows(
            BadInputException.class, () -> SysbenchLogs.read(variant("cut.log", cut), null));
    assertEquals(
        "cut.log:34: sysbench 0.4 summary has no 'max:' line (a truncated summary?)",
        e.getMessage());
  }
}
