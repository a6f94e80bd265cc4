package io.benchlake.loadgen.run;

import java.util.SplittableRandom;

/**
 * sysbench's --rate: transactions arrive at exponentially distributed intervals whatever the server
 * does, and latency is counted from the arrival, so time spent queued shows (no coordinated
 * omission).
 */
final class Arrivals {
  private static final long NANOS = 1_000_000_000L;

  private final double meanGapNanos;
  private final SplittableRandom random;
  private long next;

  Arrivals(double rate, long start, long seed) {
    this.meanGapNanos = NANOS / rate;
    this.random = new SplittableRandom(seed ^ 0x5DEECE66DL);
    this.next = start;
  }

  synchronized long next() {
    next += (long) (-Math.log(1.0 - random.nextDouble()) * meanGapNanos);
    return next;
  }
}
