package io.benchlake.analytics.regress;

/**
 * Candidate against baseline at one test, thread count and metric: the means, the relative change,
 * Welch's t-test p-value (null with one iteration on a side) and the verdict.
 */
public record Verdict(
    String test,
    int threads,
    String metric,
    int baselineN,
    double baselineMean,
    int candidateN,
    double candidateMean,
    double change,
    Double pValue,
    Kind kind,
    String note) {

  /** What the comparison found. */
  public enum Kind {
    regression,
    improvement,
    no_change
  }
}
