package io.benchlake.importers.sysbench;

import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.events;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.finished;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.property;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.read;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.samples;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.text;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.values;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.variant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.Sample;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** sysbench 1.1: the Throughput block, colon-less err/s, and a log cut before its summary. */
class Sysbench11LogTest {
  private static final String LOG = "sysbench-1.1.0_oltp_read_write_t16.log";
  private static final String CUT = "sysbench-1.1.0_failover_cut_t32.log";

  @Test
  void theThroughputBlockAndColonlessIntervalsAreRead() {
    SysbenchLog log = read(LOG);
    assertEquals(Optional.of(SysbenchGeneration.V1_1), log.generation());
    assertEquals(Optional.of("1.1.0-ead2689"), log.version());
    assertEquals(16, log.threads());
    assertEquals(10, log.intervals().size());
    SysbenchLog.Interval first = log.intervals().get(0);
    assertEquals(13, first.line());
    assertEquals(1762.39, first.tps());
    assertEquals(35247.89, first.qps());
    assertEquals(3524.79, first.other());
    assertEquals(12.18, first.latencyMs());
    SysbenchLog.Summary s = log.summary().orElseThrow();
    assertEquals(10.0031, s.totalTimeS());
    assertEquals(18004, s.events());
    assertEquals(159880.12, s.latencySumMs());
  }

  @Test
  void itsValuesAreTheSameMetricsAs10() {
    ImportBatch b = events(read(LOG), "oltp_read_write");
    Map<String, Double> v = values(b);
    assertEquals(
        List.of(
            "TPS",
            "QPS",
            "transactions",
            "queries",
            "errors",
            "reconnects",
            "latency_min_ms",
            "latency_avg_ms",
            "latency_max_ms",
            "latency_p95_ms"),
        List.copyOf(v.keySet()));
    assertEquals(1799.84, v.get("TPS"));
    assertEquals(35996.84, v.get("QPS"));
    assertEquals(360080.0, v.get("queries"));
    assertEquals(13.46, v.get("latency_p95_ms"));
    assertEquals(10.0031, finished(b).measuredS());
    assertEquals("sysbench 1.1", property(b, "sysbench generation"));
    assertEquals("1.1.0-ead2689", property(b, "sysbench version"));
    assertEquals(10, samples(b).size());
  }

  @Test
  void anIntervalOnlyLogIsADiedIterationWhoseValuesComeFromItsIntervals() {
    SysbenchLog log = read(CUT);
    assertEquals(Optional.of(SysbenchGeneration.V1_1), log.generation());
    assertEquals(32, log.threads());
    assertTrue(log.died());
    ImportBatch b = events(log, "oltp_point_select");
    List<Sample> samples = samples(b);
    assertEquals(7, samples.size());
    assertEquals(0, samples.get(6).liveThreads());
    assertEquals(List.of(), finished(b).values(), "the ingest computes them from the samples");
    assertEquals(IterationFinished.Status.failed, finished(b).status());
    RunFinished end =
        (RunFinished) b.events().stream().filter(e -> e instanceof RunFinished).findFirst().get();
    assertEquals(
        SysbenchGenerationFixtures.file(CUT).name()
            + ": the sysbench 1.1 log stops before its summary; its values come from its 7"
            + " interval line(s)",
        end.error());
    assertTrue(b.description().contains("its values come from its 7 interval line(s)"));
  }

  @Test
  void aTornIntervalLineIsRefusedAtIt() throws Exception {
    String torn = text(CUT).stripTrailing();
    torn = torn.substring(0, torn.length() - 12);
    String cut = torn;
    BadInputException e =
        assertThrows(BadInputException.class, () -> SysbenchLogs.read(variant("t.log", cut), null));
    assertTrue(
        e.getMessage().startsWith("t.log:19: sysbench 1.1 interval line: torn last line: '[ 7s ]"),
        e.getMessage());
  }

  @Test
  void aMalformedIntervalLineNamesTheGenerationAndTheShape() throws Exception {
    String broken = text(LOG).replace("lat (ms,95%): 12.83", "lat (ms,95%) 12.83");
    BadInputException e =
        assertThrows(
            BadInputException.class, () -> SysbenchLogs.read(variant("b.log", broken), null));
    assertTrue(
        e.getMessage()
            .startsWith(
                "b.log:14: sysbench 1.1 interval line: expected '[ Ns ] thds: N tps: X qps: X"
                    + " (r/w/o: X/X/X) lat (ms,P%): X err/s X reconn/s: X', found '[ 2s ]"),
        e.getMessage());
  }

  @Test
  void aTruncatedThroughputBlockIsRefused() throws Exception {
    String broken = text(LOG).replaceFirst("    time elapsed:\\s+10\\.0031s\n", "");
    BadInputException e =
        assertThrows(
            BadInputException.class, () -> SysbenchLogs.read(variant("t.log", broken), null));
    assertEquals(
        "t.log:48: sysbench 1.1 summary has no 'time elapsed:' line (a truncated summary?)",
        e.getMessage());
  }
}
