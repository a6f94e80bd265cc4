package io.benchlake.importers.sysbench;

import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.variant;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.testing.Fixtures;
import java.nio.file.Files;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A summary cut off after a whole line (a copy that stopped short, a disk that filled) is refused
 * at file:line in every generation, never read as a run with fewer figures.
 */
class SysbenchTruncatedSummaryTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "sysbench-0.4.12_oltp_t8.log",
        "sysbench-0.5_deadlocks_t64.log",
        "sysbench-0.5_errors_t64.log",
        "sysbench-1.1.0_oltp_read_write_t16.log",
        "sysbench-tpcc_1.0.20_t64.log",
        "sysbench-1.0-patched_percentiles_t32.log",
        "sysbench-1.0_summary_excerpt.txt",
        "../sysbench/oltp_read_write_t4_i1.log"
      })
  void aSummaryCutBeforeItsLatencyMaximumIsRefusedAtALine(String name) throws Exception {
    String full = Files.readString(Fixtures.path("sysbench-generations").resolve(name));
    String cut = full.substring(0, full.lastIndexOf("max:"));
    cut = cut.substring(0, cut.lastIndexOf('\n') + 1);
    String shortened = cut;
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                SysbenchLogs.read(
                    variant("cut.log", shortened),
                    name.contains("excerpt") ? ThreadsGiven.option(128) : null));
    assertTrue(
        e.getMessage().matches("cut\\.log:[1-9][0-9]*: .*summary.*'max:'.*"), e.getMessage());
  }
}
