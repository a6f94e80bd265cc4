package io.benchlake.schemas;

import java.util.List;

/**
 * HammerDB's time profile of one stored procedure; times in {@code unit} (ms). {@code sdUnit} is
 * the unit of {@code sd}: ms from HammerDB v6.0, clock clicks before (printed without a unit).
 * {@code vu} is the virtual user of a per-VU profile and null for the summary of all of them;
 * {@code elapsedMs} is that VU's profiled wall time (the summary: the median of the VUs').
 */
public record TransactionTiming(
    String procedure,
    long calls,
    double min,
    double avg,
    double max,
    double total,
    double p50,
    double p95,
    double p99,
    double sd,
    double ratioPct,
    String unit,
    String sdUnit,
    Integer vu,
    Double elapsedMs) {
  public TransactionTiming {
    Event.requireText(procedure, "procedure");
  }

  /** A summary row (all VUs) without an elapsed time, as most HammerDB outputs give it. */
  public TransactionTiming(
      String procedure,
      long calls,
      double min,
      double avg,
      double max,
      double total,
      double p50,
      double p95,
      double p99,
      double sd,
      double ratioPct,
      String unit,
      String sdUnit) {
    this(
        procedure, calls, min, avg, max, total, p50, p95, p99, sd, ratioPct, unit, sdUnit, null,
        null);
  }

  /** Whether this row is the summary of all virtual users. */
  public boolean summary() {
    return vu == null;
  }

  /**
   * This procedure's figures as iteration values a report can compare: {@code NEWORD_calls}, {@code
   * NEWORD_p99}, {@code NEWORD_ratio}, …
   */
  public List<IterationValue> asValues(String source) {
    String p = procedure;
    return List.of(
        new IterationValue(p + "_calls", calls, "calls", source),
        new IterationValue(p + "_min", min, unit, source),
        new IterationValue(p + "_avg", avg, unit, source),
        new IterationValue(p + "_max", max, unit, source),
        new IterationValue(p + "_total", total, unit, source),
        new IterationValue(p + "_p50", p50, unit, source),
        new IterationValue(p + "_p95", p95, unit, source),
        new IterationValue(p + "_p99", p99, unit, source),
        new IterationValue(p + "_sd", sd, sdUnit, source),
        new IterationValue(p + "_ratio", ratioPct, "%", source));
  }
}
