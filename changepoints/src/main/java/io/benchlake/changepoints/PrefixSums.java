package io.benchlake.changepoints;

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

  /**
   * The least-squares fit of the points [from, to) as one line whose level shifts at {@code split}
   * (two intercepts, one slope: the within-groups regression of an analysis of covariance); null
   * where a side has no counted point or the points give no slope.
   */
  BrokenLine brokenLine(int from, int split, int to) {
    double n1 = sw[split] - sw[from];
    double n2 = sw[to] - sw[split];
    if (n1 == 0 || n2 == 0) {
      return null;
    }
    double mx1 = (sx[split] - sx[from]) / n1;
    double my1 = (sy[split] - sy[from]) / n1;
    double mx2 = (sx[to] - sx[split]) / n2;
    double my2 = (sy[to] - sy[split]) / n2;
    double ssx1 = sxx[split] - sxx[from] - n1 * mx1 * mx1;
    double ssx2 = sxx[to] - sxx[split] - n2 * mx2 * mx2;
    double sp1 = sxy[split] - sxy[from] - n1 * mx1 * my1;
    double sp2 = sxy[to] - sxy[split] - n2 * mx2 * my2;
    double ssy1 = Math.max(0, syy[split] - syy[from] - n1 * my1 * my1);
    double ssy2 = Math.max(0, syy[to] - syy[split] - n2 * my2 * my2);
    double ssx = ssx1 + ssx2;
    if (!(ssx > 0)) {
      return null;
    }
    double slope = (sp1 + sp2) / ssx;
    double gap = mx2 - mx1;
    return new BrokenLine(
        new Fit(from, split, (int) n1, my1, slope, mx1, ssx1, side(ssy1, sp1, ssx1, slope)),
        new Fit(split, to, (int) n2, my2, slope, mx2, ssx2, side(ssy2, sp2, ssx2, slope)),
        1 / n1 + 1 / n2 + gap * gap / ssx);
  }

  /** The residual sum of squares of one side around the line of the given slope through it. */
  private static double side(double ssy, double sp, double ssx, double slope) {
    return Math.max(0, ssy - 2 * slope * sp + slope * slope * ssx);
  }
}
