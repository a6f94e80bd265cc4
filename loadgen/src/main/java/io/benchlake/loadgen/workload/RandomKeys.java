package io.benchlake.loadgen.workload;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.ZipfDistribution;
import org.apache.commons.math3.random.AbstractRandomGenerator;

/**
 * One worker's random numbers, with sysbench 1.0's distributions (sb_rand.c): {@link #uniform} for
 * table numbers, {@link #key} for row ids in the distribution chosen by {@code --rand-type}.
 */
public final class RandomKeys {
  private final SplittableRandom random;
  private final RandOptions options;
  private final double paretoPower;
  private final Map<Long, ZipfDistribution> zipf = new HashMap<>();

  public RandomKeys(SplittableRandom random, RandOptions options) {
    this.random = random;
    this.options = options;
    this.paretoPower = Math.log(options.paretoH()) / Math.log(1.0 - options.paretoH());
  }

  /** A uniform integer in [a, b]. */
  public long uniform(long a, long b) {
    return a + random.nextLong(b - a + 1);
  }

  /** An integer in [a, b] in the default distribution (sysbench.rand.default). */
  public long key(long a, long b) {
    if (b <= a) {
      return a;
    }
    return switch (options.type()) {
      case UNIFORM -> uniform(a, b);
      case GAUSSIAN -> gaussian(a, b);
      case SPECIAL -> special(a, b);
      case PARETO -> pareto(a, b);
      case ZIPFIAN -> zipfian(a, b);
    };
  }

  /** A uniform double in [0, 1). */
  public double fraction() {
    return random.nextDouble();
  }

  /** A decimal digit, for sysbench's '#' placeholders. */
  public int digit() {
    return random.nextInt(10);
  }

  // The mean of rand-spec-iter uniform values: an approximation of the normal distribution.
  private long gaussian(long a, long b) {
    long t = b - a + 1;
    long sum = 0;
    for (int i = 0; i < options.specIter(); i++) {
      sum += random.nextLong(t);
    }
    return a + sum / options.specIter();
  }

  // rand-spec-res percent of the values fall on rand-spec-pct percent of the range, at its centre;
  // the others are gaussian (sb_rand_special).
  private long special(long a, long b) {
    long t = b - a;
    long rangeSize = t * (100 / (100 - options.specRes()));
    long res = random.nextLong(rangeSize);
    if (res < t) {
      long sum = 0;
      for (int i = 0; i < options.specIter(); i++) {
        sum += random.nextLong(t);
      }
      return a + sum / options.specIter();
    }
    long d = Math.max(1, t * options.specPct() / 100);
    res %= d;
    res += t / 2 - t * options.specPct() / (100 * 2);
    return a + res;
  }

  private long pareto(long a, long b) {
    long value = a + (long) ((b - a + 1) * Math.pow(random.nextDouble(), paretoPower));
    return Math.min(value, b);
  }

  private long zipfian(long a, long b) {
    long n = b - a + 1;
    ZipfDistribution d =
        zipf.computeIfAbsent(
            n,
            size ->
                new ZipfDistribution(
                    new Adapter(random),
                    (int) Math.min(size, Integer.MAX_VALUE),
                    options.zipfExp()));
    return a + d.sample() - 1;
  }

  /** Commons Math draws from the worker's own generator, so runs stay reproducible per seed. */
  private static final class Adapter extends AbstractRandomGenerator {
    private final SplittableRandom random;

    Adapter(SplittableRandom random) {
      this.random = random;
    }

    @Override
    public void setSeed(long seed) {
      throw new UnsupportedOperationException("seeded by the worker");
    }

    @Override
    public double nextDouble() {
      return random.nextDouble();
    }
  }
}
