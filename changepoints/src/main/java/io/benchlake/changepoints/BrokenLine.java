package io.benchlake.changepoints;

/**
 * A line whose level shifts at one point (Perron's 1989 "crash" model): the fits of its two sides,
 * {@code before} and {@code after}, share one slope; {@code shiftVariance} is Var(shift) / σ² (a
 * level's 1/n on each side, and the slope's uncertainty over the distance between their centres).
 */
record BrokenLine(Fit before, Fit after, double shiftVariance) {
  /** Where the level shifts: the first point after it. */
  int split() {
    return after.from();
  }

  /** How much the level shifts there (the same at every x, the slope being one). */
  double shift() {
    return after.at(split()) - before.at(split());
  }

  int points() {
    return before.points() + after.points();
  }

  double rss() {
    return before.rss() + after.rss();
  }
}
