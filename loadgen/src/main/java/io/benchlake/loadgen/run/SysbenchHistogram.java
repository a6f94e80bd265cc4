package io.benchlake.loadgen.run;

import java.io.PrintStream;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * sysbench 1.0's --histogram block: its 1024 logarithmic buckets from 0.001 ms to 100,000 ms, each
 * non-empty one printed at its value with a bar of up to 40 stars scaled to the fullest bucket. The
 * latencies come from the iteration's HdrHistogram (3 significant digits, finer than sysbench's
 * 1.8% wide buckets).
 */
final class SysbenchHistogram {
  private static final int SIZE = 1024;
  private static final double DEDUCT = Math.log(0.001);
  private static final double MULT = (SIZE - 1) / (Math.log(100_000) - DEDUCT);
  private static final int WIDTH = 40;

  private SysbenchHistogram() {}

  /** The bucket sysbench counts a latency of {@code ms} in. */
  static int bucket(double ms) {
    double i = Math.floor((Math.log(ms) - DEDUCT) * MULT + 0.5);
    return (int) Math.max(0, Math.min(SIZE - 1, i)); // log(0) is -infinity: the first bucket
  }

  /** The value sysbench prints for bucket {@code i}, in ms. */
  static double value(int i) {
    return Math.exp(i / MULT + DEDUCT);
  }

  static void print(PrintStream out, Histogram latencyUs) {
    long[] counts = new long[SIZE];
    for (HistogramIterationValue v : latencyUs.recordedValues()) {
      double ms = latencyUs.medianEquivalentValue(v.getValueIteratedTo()) / 1000.0;
      counts[bucket(ms)] += v.getCountAtValueIteratedTo();
    }
    long max = 0;
    for (long c : counts) {
      max = Math.max(max, c);
    }
    out.println("Latency histogram (values are in milliseconds)");
    out.println("       value  ------------- distribution ------------- count");
    for (int i = 0; i < SIZE; i++) {
      if (counts[i] > 0) {
        int stars = (int) Math.floor(counts[i] * (double) WIDTH / max + 0.5);
        out.printf(Locale.ROOT, "%12.3f |%-40s %d%n", value(i), "*".repeat(stars), counts[i]);
      }
    }
    out.println(" ");
  }
}
