package io.benchlake.analytics.regress;

/**
 * Candidate against baseline at one test, thread count and metric: the means (of the run means, or
 * of the latest runs' iterations; the note says which), the number of values each side had, the
 * relative change, Welch's t-test p-value (null with one value on a side) and the verdict.
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

  /** Whether every number of the verdict is finite (values near a double's limit overflow). */
  public boolean finite() {
    return Double.isFinite(baselineMean)
        && Double.isFinite(candidateMean)
        && Double.isFinite(change)
        && (pValue == null || Double.isFinite(pValue));
  }

  Verdict withNote(String n) {
    return new Verdict(
        test,
        threads,
        metric,
        baselineN,
        baselineMean,
        candidateN,
        candidateMean,
        change,
        pValue,
        kind,
        n);
  }

  /** What the comparison found. */
  public enum Kind {
    regression,
    improvement,
    no_change
  }
}
