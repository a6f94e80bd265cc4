package io.benchlake.importers.sysbench;

import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.events;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.property;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.read;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.samples;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.started;
import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.values;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.benchlake.importers.ImportBatch;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Percona's sysbench-tpcc (tpcc.lua) on sysbench 1.0: its own test, its ignored errors. */
class SysbenchTpccLogTest {
  private static final String LOG = "sysbench-tpcc_1.0.20_t64.log";

  @Test
  void tpccLuaPrintsColonlessIntervalsOn10AndIsReadWithItsGeneration() {
    SysbenchLog log = read(LOG);
    assertEquals(Optional.of(SysbenchGeneration.V1_0), log.generation());
    assertEquals(Optional.of("1.0.20"), log.version());
    assertEquals(64, log.threads());
    assertEquals(10.0, log.reportIntervalS());
    assertEquals(6, log.intervals().size());
    assertEquals(0.20, log.intervals().get(1).errorsPs());
  }

  @Test
  void itIsItsOwnTestWithItsIgnoredErrors() {
    for (String given : List.of("tpcc", "tpcc.lua", "TPCC", "sysbench-tpcc")) {
      ImportBatch b = events(read(LOG), given);
      assertEquals("SYSBENCH_TPCC", started(b).testName(), given);
      Map<String, Double> v = values(b);
      assertEquals(76.0, v.get("errors"));
      assertEquals(0.0, v.get("reconnects"));
      assertEquals(1304.66, v.get("TPS"));
      assertEquals(53362.32, v.get("QPS"));
      assertEquals(158.63, v.get("latency_p95_ms"));
      assertEquals(1733.41, v.get("latency_max_ms"));
      assertEquals("sysbench 1.0", property(b, "sysbench generation"));
      assertEquals(0.30, samples(b).get(5).errorsPs());
    }
  }

  @Test
  void otherTestNamesStayAsGiven() {
    assertEquals("oltp_read_write", SysbenchImporter.testName("oltp_read_write"));
    assertEquals("tpcc_like_custom", SysbenchImporter.testName("tpcc_like_custom"));
    assertEquals("SYSBENCH_TPCC", SysbenchImporter.testName("SYSBENCH_TPCC"));
  }
}
