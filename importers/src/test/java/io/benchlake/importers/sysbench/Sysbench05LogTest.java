package io.benchlake.importers.sysbench;

import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.events;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.property;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.read;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.samples;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.text;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.values;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.variant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.schemas.Sample;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** sysbench 0.5: both interval shapes, deadlocks (early) or ignored errors (late). */
class Sysbench05LogTest {
  private static final String EARLY = "sysbench-0.5_deadlocks_t64.log";
  private static final String LATE = "sysbench-0.5_errors_t64.log";

  @Test
  void theEarlyIntervalShapeIsReadAsSamples() {
    SysbenchLog log = read(EARLY);
    assertEquals(Optional.of(SysbenchGeneration.V0_5), log.generation());
    assertEquals(64, log.threads());
    assertEquals(10.0, log.reportIntervalS());
    assertEquals(6, log.intervals().size());
    SysbenchLog.Interval first = log.intervals().get(0);
    assertEquals(11, first.line());
    assertEquals(10.0, first.offsetS());
    assertEquals(2326.17, first.tps());
    assertEquals(32566.36, first.reads());
    assertEquals(9304.67, first.writes());
    assertEquals(41871.03, first.qps());
    assertNull(first.other(), "0.5 prints no other queries per interval");
    assertEquals(99.0, first.percentile());
    assertEquals(49.75, first.latencyMs());
    assertEquals(0.0, first.errorsPs());
  }

  @Test
  void theEarlySummaryHasDeadlocksAndNoErrors() {
    ImportBatch b = events(read(EARLY), "oltp.lua");
    Map<String, Double> v = values(b);
    assertEquals(2401.85, v.get("TPS"));
    assertEquals(48037.01, v.get("QPS"));
    assertEquals(144210.0, v.get("transactions"));
    assertEquals(2884200.0, v.get("queries"));
    assertEquals(7.0, v.get("deadlocks"));
    assertFalse(v.containsKey("errors"));
    assertFalse(v.containsKey("reconnects"));
    assertEquals(3.12, v.get("latency_min_ms"));
    assertEquals(26.64, v.get("latency_avg_ms"));
    assertEquals(412.90, v.get("latency_max_ms"));
    assertEquals(52.18, v.get("latency_p99_ms"));
    assertEquals("sysbench 0.5", property(b, "sysbench generation"));
    Sample s = samples(b).get(5);
    assertEquals(60.0, s.offsetS());
    assertEquals(10.0, s.intervalS());
    assertEquals(2379.58, s.tps());
    assertEquals(51.93, s.latencyPctMs());
    assertNull(s.otherPs());
  }

  @Test
  void theLateShapeCarriesErrorsAndReconnects() {
    SysbenchLog log = read(LATE);
    SysbenchLog.Interval first = log.intervals().get(0);
    assertEquals(2407.52, first.tps());
    assertEquals(33705.24, first.reads());
    assertEquals(0.10, first.errorsPs());
    assertEquals(0.0, first.reconnectsPs());
    Map<String, Double> v = values(events(log, "oltp.lua"));
    assertEquals(12.0, v.get("errors"));
    assertEquals(0.0, v.get("reconnects"));
    assertFalse(v.containsKey("deadlocks"));
    assertEquals(2401.85, v.get("TPS"));
    assertEquals(48037.21, v.get("QPS"));
  }

  @Test
  void aMalformedIntervalLineIsRefusedNamingTheGenerationAndTheShapeExpected() throws Exception {
    String broken = text(LATE).replace("writes: 9630.07, response", "writes: 9630.07 response");
    String broken2 = broken.replace("reads: 33705.24,", "reads: 33705.24 ");
    BadInputException e =
        assertThrows(
            BadInputException.class, () -> SysbenchLogs.read(variant("r.log", broken2), null));
    assertTrue(
        e.getMessage()
            .startsWith(
                "r.log:11: sysbench 0.5 interval line: expected '[  Ns] threads: N, tps: X,"
                    + " reads: X, writes: X, response time: Xms (P%)'"),
        e.getMessage());
    assertTrue(
        e.getMessage()
            .contains("found '[  10s] threads: 64, tps: 2407.52, reads: 33705.24  writes"),
        e.getMessage());
  }

  @Test
  void aLogCutAfterItsIntervalsIsARunThatDied() throws Exception {
    String full = text(EARLY);
    String cut = full.substring(0, full.indexOf("Time limit exceeded"));
    ImportBatch b = events(SysbenchLogs.read(variant("cut.log", cut), null), "oltp");
    assertEquals(6, samples(b).size());
    assertTrue(values(b).isEmpty());
    assertTrue(b.description().contains("stops before its summary"), b.description());
  }

  @Test
  void theHeaderAndTheThreadsGivenMustAgree() {
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                SysbenchLogs.read(SysbenchGenerationFixtures.file(EARLY), ThreadsGiven.option(32)));
    assertEquals(
        SysbenchGenerationFixtures.file(EARLY).name()
            + ":4: sysbench 0.5 header: the log says 'Number of threads: 64' but --threads gives 32",
        e.getMessage());
    assertEquals(List.of(), read(EARLY).histogram());
  }
}
