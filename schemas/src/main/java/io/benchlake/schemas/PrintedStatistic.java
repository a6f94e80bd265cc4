package io.benchlake.schemas;

/**
 * One statistic as a source report printed it: at a thread count, its name ({@code mean}, {@code
 * max}, {@code min}, {@code stddev}, {@code cov}, {@code median}, {@code p95}, {@code p99}, {@code
 * skewness}), its value and the decimals it was printed with (a mean printed at 3 and at 2 decimals
 * is two printings).
 */
public record PrintedStatistic(int threads, String statistic, double value, int decimals) {
  public PrintedStatistic {
    Event.requireText(statistic, "statistic");
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(statistic + " must be a finite number, was " + value);
    }
    if (decimals < 0) {
      throw new IllegalArgumentException("decimals must be at least 0, was " + decimals);
    }
  }
}
