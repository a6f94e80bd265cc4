package io.benchlake.changepoints;

/**
 * What a history's changes are percentages of. On a ratio scale (every run mean of one sign, as
 * throughputs and latencies are) a change is a percentage of the level it starts from. A history
 * that crosses zero (a difference, a balance, a standardised score) has no natural zero, so a
 * percentage of a level near it is any number at all (a step from 0.001 to 2 is +200,000%), and a
 * minimum change of 2% of it would let every wiggle pass or none: there it is a percentage of the
 * history's typical magnitude, the median |run mean|.
 */
record LevelScale(boolean ratio, double magnitude) {
  /** The scale of the first n of {@code means}. */
  static LevelScale of(double[] means, int n) {
    double[] abs = new double[n];
    boolean positive = true;
    boolean negative = true;
    for (int i = 0; i < n; i++) {
      positive &= means[i] > 0;
      negative &= means[i] < 0;
      abs[i] = Math.abs(means[i]);
    }
    return new LevelScale(positive || negative, NoiseScale.median(abs));
  }

  /** What a change from {@code level} is a percentage of (and the minimum change a share of). */
  double base(double level) {
    return ratio ? Math.abs(level) : magnitude;
  }

  /**
   * {@code amount} in % of {@code base} (a {@link #base}); 0 of a base of 0 (a history of zeros has
   * no change).
   */
  static double percent(double amount, double base) {
    return base > 0 ? amount / base * 100 : 0;
  }
}
