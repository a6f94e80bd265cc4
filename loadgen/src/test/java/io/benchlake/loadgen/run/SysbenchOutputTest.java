package io.benchlake.loadgen.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.loadgen.workload.oltp.OltpOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The interval line and the end-of-iteration summary read as sysbench 1.0.20 prints them. */
class SysbenchOutputTest {

  @Test
  void percentileZeroIsSysbenchsOffSwitch() {
    String out = printed(0);
    assertTrue(out.contains(" lat (ms,0%): 0.00 err/s: 0.00 "), out);
    assertTrue(out.contains("\n         percentile stats:               disabled\n"), out);
    assertFalse(out.contains("th percentile:"), out);
  }

  @Test
  void aPercentileIsPrintedInTheIntervalLineAndTheSummary() {
    String out = printed(95);
    assertTrue(
        out.matches(
            "(?s)\\[ 1s \\] thds: 2 tps: 4\\.00 qps: 80\\.00 \\(r/w/o: 56\\.00/16\\.00/8\\.00\\)"
                + " lat \\(ms,95%\\): 4\\.00 err/s: 0\\.00 reconn/s: 0\\.00\n.*"),
        out);
    assertTrue(out.contains("\n         95th percentile:                        4.00\n"), out);
  }

  @Test
  void aPercentileFromZeroToHundredIsAccepted() {
    planWithPercentile(0);
    planWithPercentile(100);
    var e = assertThrows(IllegalArgumentException.class, () -> planWithPercentile(100.5));
    assertTrue(e.getMessage().contains("--percentile must be in [0, 100]"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> planWithPercentile(-1));
  }

  private static RunPlan planWithPercentile(double percentile) {
    return RunPlan.builder("oltp_point_select", OltpOptions.defaults())
        .percentile(percentile)
        .build();
  }

  /**
   * Lines of a real sysbench 1.0.20 --histogram block (fixtures/sysbench/oltp_read_only_t8_i1.log,
   * whose fullest bucket, 2.522 ms, holds 1137): latencies recorded at those values come out as the
   * same lines, bucket, value, bar and count.
   */
  @Test
  void theHistogramBlockIsSysbenchs() {
    String[] real = {
      "       0.440 |                                         1",
      "       0.499 |*                                        20",
      "       0.576 |*********                                243",
      "       2.433 |**************************************** 1132",
      "       2.522 |**************************************** 1137",
      "      11.654 |                                         1"
    };
    java.util.List<Long> latencies = new java.util.ArrayList<>();
    for (String line : real) {
      String[] parts = line.split("\\|");
      long count = Long.parseLong(parts[1].trim().replace("*", "").trim());
      long us = Math.round(Double.parseDouble(parts[0].trim()) * 1000);
      for (long i = 0; i < count; i++) {
        latencies.add(us);
      }
    }
    String out = printed(95, true, latencies.stream().mapToLong(Long::longValue).toArray());
    assertTrue(
        out.contains(
            "\nLatency histogram (values are in milliseconds)\n"
                + "       value  ------------- distribution ------------- count\n"),
        out);
    assertTrue(out.contains(String.join("\n", real) + "\n \nSQL statistics:\n"), out);
  }

  /** One interval of 4 transactions of 1..4 ms on 2 threads, then its summary. */
  private static String printed(double percentile) {
    return printed(percentile, false, new long[] {1000, 2000, 3000, 4000});
  }

  private static String printed(double percentile, boolean histogram, long[] latenciesUs) {
    Histogram latency = new Histogram(3);
    for (long us : latenciesUs) {
      latency.recordValue(us);
    }
    var bytes = new ByteArrayOutputStream();
    var output =
        new SysbenchOutput(
            new PrintStream(bytes, true, StandardCharsets.UTF_8), percentile, histogram);
    output.interval(
        new IntervalReport(2, 2, 1, 1, false, 4, 56, 16, 8, 0, 0, latency, Map.of()), "");
    output.summary(
        new IterationResult(
            2,
            1,
            4,
            56,
            16,
            8,
            0,
            0,
            1,
            latency,
            List.of(2L, 2L),
            List.of(0.005, 0.005),
            0.01,
            Map.of(),
            List.of(),
            Optional.empty()));
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
