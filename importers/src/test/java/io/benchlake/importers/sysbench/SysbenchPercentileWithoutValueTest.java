package io.benchlake.importers.sysbench;

import static io.benchlake.importers.sysbench.SysbenchGenerationFixtures.variant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.testing.Fixtures;
import java.nio.file.Files;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A summary's percentile line whose value is missing (a copy cut inside the line, a value lost in a
 * paste) is refused at file:line in every generation, naming it, never read as a log without that
 * percentile.
 */
class SysbenchPercentileWithoutValueTest {
  private static final Pattern PERCENTILE =
      Pattern.compile("(?m)^(\\s*(?:approx\\.\\s+[0-9]+ percentile|[0-9]+th percentile):)[^\\n]*$");

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "sysbench-0.4.12_oltp_t8.log, sysbench 0.4",
    "sysbench-0.5_deadlocks_t64.log, sysbench 0.5",
    "sysbench-0.5_errors_t64.log, sysbench 0.5",
    "sysbench-1.1.0_oltp_read_write_t16.log, sysbench 1.1",
    "sysbench-tpcc_1.0.20_t64.log, sysbench 1.0",
    "sysbench-1.0-patched_percentiles_t32.log, sysbench 1.0",
    "sysbench-1.0_summary_excerpt.txt, sysbench 1.0",
    "../sysbench/oltp_read_write_t4_i1.log, ''"
  })
  void aPercentileLineWithoutItsValueIsRefusedAtItsLine(String name, String generation)
      throws Exception {
    String full = Files.readString(Fixtures.path("sysbench-generations").resolve(name));
    Matcher m = PERCENTILE.matcher(full);
    assertTrue(m.find(), "the fixture prints a percentile line");
    int line = (int) full.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1;
    String broken = full.substring(0, m.start()) + m.group(1) + full.substring(m.end());
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                SysbenchLogs.read(
                    variant("p.log", broken),
                    name.contains("excerpt") ? ThreadsGiven.option(128) : null));
    String label = m.group(1).strip().replaceAll("\\s+", " ");
    assertTrue(
        e.getMessage().startsWith("p.log:" + line + ": ")
            && e.getMessage().contains(generation)
            && e.getMessage().contains(label),
        e.getMessage());
    assertEquals(1, List.of(e.getMessage().split("\n")).size(), "one line");
  }
}
