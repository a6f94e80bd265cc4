package io.benchlake.changepoints;

/**
 * The least-squares level or line of the {@code points} counted points (outliers left out) of
 * [from, to): value at x is mean + slope·(x - meanX); {@code ssx} is Σ(x - meanX)² (infinite for a
 * level), {@code rss} the residual sum of squares.
 */
record Fit(
    int from, int to, int points, double mean, double slope, double meanX, double ssx, double rss) {
  boolean linear() {
    return ssx != Double.POSITIVE_INFINITY;
  }

  double at(double x) {
    return linear() ? mean + slope * (x - meanX) : mean;
  }

  /** Var(fitted value at x) / σ²: 1/n for a level, 1/n + (x - meanX)²/ssx for a line. */
  double varianceFactor(double x) {
    return 1.0 / points() + (linear() ? (x - meanX) * (x - meanX) / ssx : 0);
  }

  int parameters() {
    return linear() ? 2 : 1;
  }
}
