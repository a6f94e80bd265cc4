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

  /**
   * sb_rand_special, in its doubles: rand-spec-res percent of the values fall on rand-spec-pct
   * percent of the range at its centre, the others are gaussian. sysbench reuses the draw that
   * chose the special part, which is then in [1 - res/100, 1), so the special values cover only the
   * upper rand-spec-res percent of the central band: 4975..5051 of [1, 10000], not 4951..5050.
   */
  private long special(long a, long b) {
    double t = b - a;
    double rnd = random.nextDouble();
    if (rnd * t * (100.0 / (100.0 - options.specRes())) < t) {
      double sum = 0;
      for (int i = 0; i < options.specIter(); i++) {
        sum += random.nextDouble();
      }
      return a + (long) (sum * t * (1.0 / options.specIter()));
    }
    double d = t * (options.specPct() / 100.0);
    double res = rnd * (d + 1) + (t / 2 - t * (options.specPct() / 200.0));
    return a + (long) res;
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
