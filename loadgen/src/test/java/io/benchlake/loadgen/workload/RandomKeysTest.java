package io.benchlake.loadgen.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RandomKeysTest {
  private static final int DRAWS = 200_000;

  private static RandomKeys keys(RandOptions.Type type) {
    RandOptions d = RandOptions.defaults();
    return new RandomKeys(
        new SplittableRandom(42),
        new RandOptions(type, d.specIter(), d.specPct(), d.specRes(), d.paretoH(), d.zipfExp()));
  }

  private static long[] histogram(RandOptions.Type type, int a, int b) {
    RandomKeys k = keys(type);
    long[] counts = new long[b + 1];
    for (int i = 0; i < DRAWS; i++) {
      long v = k.key(a, b);
      assertTrue(v >= a && v <= b, type + " gave " + v + " outside [" + a + ", " + b + "]");
      counts[(int) v]++;
    }
    return counts;
  }

  @Test
  void everyDistributionStaysInsideTheRange() {
    for (RandOptions.Type type : RandOptions.Type.values()) {
      histogram(type, 1, 10_000);
      histogram(type, 5, 6);
    }
  }

  @Test
  void uniformFillsTheRangeEvenly() {
    long[] c = histogram(RandOptions.Type.UNIFORM, 1, 10);
    for (int v = 1; v <= 10; v++) {
      assertEquals(DRAWS / 10.0, c[v], DRAWS * 0.01, "value " + v);
    }
  }

  @Test
  void specialPutsThreeQuartersOfTheValuesWhereSysbenchPutsThem() {
    // rand-spec-res 75: three draws in four fall in the special part, rand-spec-pct = 1% of the
    // range at its centre; sysbench maps the same draw, then in [0.25, 1), onto that band, so the
    // special values are 4975..5051 (with a real sysbench, select_random_points read 728 rows per
    // event on sysbench's own tables; with 4951..5050, 554). The rest is gaussian.
    long[] c = histogram(RandOptions.Type.SPECIAL, 1, 10_000);
    long special = 0;
    long below = 0;
    for (int v = 4975; v <= 5051; v++) {
      special += c[v];
    }
    for (int v = 4950; v <= 4974; v++) {
      below += c[v];
    }
    double share = special / (double) DRAWS;
    assertTrue(share > 0.75 && share < 0.78, "4975..5051 hold " + share);
    assertTrue(below / (double) DRAWS < 0.01, "4950..4974 only gaussian: " + below);
    assertEquals(0, c[5052] > c[5051] / 10 ? 1 : 0, "nothing special above 5051");
  }

  @Test
  void gaussianIsCentredAndNarrow() {
    long[] c = histogram(RandOptions.Type.GAUSSIAN, 1, 10_000);
    double sum = 0;
    long inner = 0;
    for (int v = 1; v <= 10_000; v++) {
      sum += (double) v * c[v];
      if (v > 2500 && v <= 7500) {
        inner += c[v];
      }
    }
    assertEquals(5000, sum / DRAWS, 50);
    assertTrue(inner / (double) DRAWS > 0.99, "mean of 12 uniforms: within ±2.9 sigma");
  }

  @Test
  void paretoAndZipfianFavourTheLowKeys() {
    for (RandOptions.Type type :
        new RandOptions.Type[] {RandOptions.Type.PARETO, RandOptions.Type.ZIPFIAN}) {
      long[] c = histogram(type, 1, 10_000);
      long lowTenth = 0;
      for (int v = 1; v <= 1000; v++) {
        lowTenth += c[v];
      }
      assertTrue(lowTenth / (double) DRAWS > 0.5, type + ": lowest 10% of keys get " + lowTenth);
      assertTrue(c[1] > c[5000], type + " is skewed towards 1");
    }
  }

  @Test
  void theSameSeedGivesTheSameKeys() {
    for (RandOptions.Type type : RandOptions.Type.values()) {
      RandomKeys a = keys(type);
      RandomKeys b = keys(type);
      for (int i = 0; i < 1000; i++) {
        assertEquals(a.key(1, 1000), b.key(1, 1000), type.label());
      }
    }
  }
}
