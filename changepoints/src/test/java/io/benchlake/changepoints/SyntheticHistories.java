package io.benchlake.changepoints;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;

/**
 * Labelled histories for the detector's tests and its users' (changepoints' test-jar): one value a
 * run, a known shape times Gaussian noise, the same for the same seed.
 */
public final class SyntheticHistories {
  private SyntheticHistories() {}

  /** n runs of one value each: shape(i) times 1 plus Gaussian noise of CoV cov. */
  public static List<double[]> series(long seed, int n, double cov, IntToDoubleFunction shape) {
    SplittableRandom r = new SplittableRandom(seed);
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      points.add(new double[] {shape.applyAsDouble(i) * (1 + cov * gaussian(r))});
    }
    return points;
  }

  /** One standard normal draw (Box-Muller). */
  public static double gaussian(SplittableRandom r) {
    return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
  }
}
