package io.benchlake.importers.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.Sample;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Output of the real sysbench 1.0.20 made on this machine (see resources/sysbench-real/README.md).
 */
class SysbenchRealOutputTest {
  static SysbenchLog parse(String name) throws Exception {
    return SysbenchLogParser.parse(
        SourceFile.read(
            Path.of(
                SysbenchRealOutputTest.class
                    .getResource("/sysbench-real/" + name + ".log")
                    .toURI())));
  }

  @Test
  void readWriteSamplesAgreeWithTheSummary() throws Exception {
    SysbenchLog log = parse("oltp_read_write_t2");
    SysbenchLog.Summary s = log.summary().orElseThrow();
    assertEquals(2, log.threads());
    assertTrue(log.intervals().size() >= 9, "one line a second, the last one sometimes missing");
    double meanTps =
        log.intervals().stream().mapToDouble(SysbenchLog.Interval::tps).average().orElseThrow();
    assertEquals(s.tps(), meanTps, s.tps() * 0.15, "interval tps average to about the summary's");
    assertEquals(
        s.transactions() * 20,
        s.queriesTotal(),
        "oltp_read_write sends 20 statements a transaction");
    assertEquals(s.transactions() * 2, s.other(), "BEGIN and COMMIT");
  }

  @Test
  void aHistogramAndAnotherPercentileAreRead() throws Exception {
    SysbenchLog log = parse("oltp_point_select_t4_hist");
    assertEquals(99.0, log.summary().orElseThrow().percentile());
    assertEquals(99.0, log.intervals().get(0).percentile());
    assertFalse(log.histogram().isEmpty());
    long counted = log.histogram().stream().mapToLong(SysbenchLog.Bucket::count).sum();
    assertEquals(log.summary().orElseThrow().events(), counted, "every event is in the histogram");
  }

  @Test
  void percentileZeroMeansNoPercentileStats() throws Exception {
    SysbenchLog log = parse("oltp_read_only_t1_pct0");
    assertNull(log.summary().orElseThrow().percentile());
    assertEquals(0.0, log.intervals().get(0).percentile());
    List<Sample> samples =
        SysbenchImporter.toEvents(
                List.of(new SysbenchImporter.Log(log, 1)),
                new SysbenchImporter.RunFacts(
                    "d", "OLTP_RO", Optional.empty(), "h", Optional.empty(), Optional.empty()))
            .events()
            .stream()
            .filter(e -> e instanceof Sample)
            .map(e -> (Sample) e)
            .toList();
    assertFalse(samples.isEmpty());
    assertTrue(
        samples.stream().allMatch(s -> s.latencyPct() == null && s.latencyPctMs() == null),
        "the printed 0.00 is no latency: the samples say none");
  }

  @Test
  void aWrongPasswordIsARunThatNeverStarted() throws Exception {
    SysbenchLog log = parse("oltp_write_only_t2_badpass");
    assertTrue(log.died());
    assertTrue(log.intervals().isEmpty());
    assertTrue(log.fatal().stream().anyMatch(l -> l.contains("1045")), log.fatal().toString());
  }
}
