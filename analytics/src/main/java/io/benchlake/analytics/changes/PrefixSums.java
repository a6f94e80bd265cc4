package io.benchlake.analytics.changes;

import java.util.Arrays;

/**
 * Running sums of x, x², y, y² and x·y over a series (x the point's index), so the least-squares
 * line or level of any segment costs O(1): the trick that makes optimal partitioning and PELT
 * (Killick, Fearnhead and Eckley 2012) affordable. Growable, and truncatable for appends.
 */
final class PrefixSums {
  private double[] sw = new double[16];
  private double[] sx = new double[16];
  private double[] sxx = new double[16];
  private double[] sy = new double[16];
  private double[] syy = new double[16];
  private double[] sxy = new double[16];
  private int size; // sums over [0, i) are at i, for i <= size

  /** Keeps the sums over the first {@code points} points only. */
  void truncate(int points) {
    size = Math.min(size, points);
  }

  int points() {
    return size;
  }

  /** Appends the next point's value, with weight 0 (left out of every fit) or 1. */
  void add(double y, boolean counted) {
    if (size + 1 >= sx.length) {
      int grown = sx.length * 2;
      sw = Arrays.copyOf(sw, grown);
      sx = Arrays.copyOf(sx, grown);
      sxx = Arrays.copyOf(sxx, grown);
      sy = Arrays.copyOf(sy, grown);
      syy = Arrays.copyOf(syy, grown);
      sxy = Arrays.copyOf(sxy, grown);
    }
    double w = counted ? 1 : 0;
    double x = size * w;
    double v = y * w;
    sw[size + 1] = sw[size] + w;
    sx[size + 1] = sx[size] + x;
    sxx[size + 1] = sxx[size] + x * size;
    sy[size + 1] = sy[size] + v;
    syy[size + 1] = syy[size] + v * y;
    sxy[size + 1] = sxy[size] + x * y;
    size++;
  }

  /** The residual sum of squares of {@link #fit}, without building the fit (the inner loop). */
  double rss(int from, int to, boolean linear) {
    double n = sw[to] - sw[from];
    if (n == 0) {
      return 0;
    }
    double my = (sy[to] - sy[from]) / n;
    double ssy = Math.max(0, syy[to] - syy[from] - n * my * my);
    if (!linear || n < 3) {
      return ssy;
    }
    double mx = (sx[to] - sx[from]) / n;
    double ssx = sxx[to] - sxx[from] - n * mx * mx;
    double sp = sxy[to] - sxy[from] - n * mx * my;
    return Math.max(0, ssy - sp * sp / ssx);
  }

  /** The least-squares fit of the points [from, to), a line when {@code linear}, else a level. */
  Fit fit(int from, int to, boolean linear) {
    double n = sw[to] - sw[from];
    double mx = (sx[to] - sx[from]) / n;
    double my = (sy[to] - sy[from]) / n;
    double ssy = Math.max(0, syy[to] - syy[from] - n * my * my);
    if (!linear || n < 3) {
      return new Fit(from, to, (int) n, my, 0, mx, Double.POSITIVE_INFINITY, ssy);
    }
    double ssx = sxx[to] - sxx[from] - n * mx * mx;
    double sp = sxy[to] - sxy[from] - n * mx * my;
    double slope = sp / ssx;
    return new Fit(from, to, (int) n, my, slope, mx, ssx, Math.max(0, ssy - sp * sp / ssx));
  }
}
