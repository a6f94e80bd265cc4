package io.benchlake.analytics.stability;

import java.util.Locale;

/**
 * The thresholds of the unstable-run checks ({@link IterationStability}): the fewest measured
 * intervals an iteration needs to be checked, a stall's share of the median, the warm-up trend's
 * alpha and smallest change, and the highest interval CoV. Set in {@code
 * $BENCHLAKE_HOME/alerts.yaml} (read by the alerts module), recorded in each finding and printed
 * under each report's Stability block.
 */
public record StabilityThresholds(
    int minIntervals, double stallShare, double warmupAlpha, double warmupChange, double maxCov) {
  public static final StabilityThresholds DEFAULTS =
      new StabilityThresholds(30, 0.10, 0.01, 0.05, 0.10);

  public StabilityThresholds {
    if (minIntervals < 3) {
      throw new IllegalArgumentException("min-intervals must be at least 3, was " + minIntervals);
    }
    if (!(warmupAlpha > 0 && warmupAlpha < 1)) {
      throw new IllegalArgumentException(
          "warmup-alpha must be between 0 and 1, was " + warmupAlpha);
    }
    if (!(stallShare >= 0 && stallShare < 1)) {
      throw new IllegalArgumentException("stall-share must be in [0, 1), was " + stallShare);
    }
    if (!(warmupChange >= 0) || !(maxCov > 0)) {
      throw new IllegalArgumentException("warmup-change must be >= 0 and max-cov > 0");
    }
  }

  /** The thresholds in words, as recorded in each finding and printed under a report's block. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "at least %d intervals; stall: an interval under %s%% of the median; warm-up: Mann-Kendall"
            + " p < %s over the first third and a change of at least %s%%; CoV over %s%%",
        minIntervals,
        stallShare * 100,
        warmupAlpha,
        warmupChange * 100,
        maxCov * 100);
  }
}
