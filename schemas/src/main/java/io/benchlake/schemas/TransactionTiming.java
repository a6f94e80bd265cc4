package io.benchlake.schemas;

import java.util.ArrayList;
import java.util.List;

/**
 * HammerDB's time profile of one stored procedure; times in {@code unit} (ms). {@code sdUnit} is
 * the unit of {@code sd}: ms from HammerDB v6.0, clock clicks before (printed without a unit).
 * {@code vu} is the virtual user of a per-VU profile and null for the summary of all of them;
 * {@code elapsedMs} is that VU's profiled wall time (the summary: the median of the VUs'). {@code
 * p75} and {@code p25} exist from v6.0; HammerDB v3's etprof gives no average, total, SD or ratio,
 * so those are null where the source did not print them.
 */
public record TransactionTiming(
    String procedure,
    long calls,
    double min,
    Double avg,
    double max,
    Double total,
    double p50,
    double p95,
    double p99,
    Double sd,
    Double ratioPct,
    String unit,
    String sdUnit,
    Integer vu,
    Double elapsedMs,
    Double p75,
    Double p25) {
  public TransactionTiming {
    Event.requireText(procedure, "procedure");
  }

  /** Whether this row is the summary of all virtual users. */
  public boolean summary() {
    return vu == null;
  }

  /**
   * This procedure's figures as iteration values a report can compare: {@code NEWORD_calls}, {@code
   * NEWORD_p99}, {@code NEWORD_ratio}, … (only those the source gave).
   */
  public List<IterationValue> asValues(String source) {
    String p = procedure;
    List<IterationValue> out = new ArrayList<>();
    out.add(new IterationValue(p + "_calls", calls, "calls", source));
    out.add(new IterationValue(p + "_min", min, unit, source));
    add(out, p + "_avg", avg, unit, source);
    out.add(new IterationValue(p + "_max", max, unit, source));
    add(out, p + "_total", total, unit, source);
    add(out, p + "_p25", p25, unit, source);
    out.add(new IterationValue(p + "_p50", p50, unit, source));
    add(out, p + "_p75", p75, unit, source);
    out.add(new IterationValue(p + "_p95", p95, unit, source));
    out.add(new IterationValue(p + "_p99", p99, unit, source));
    add(out, p + "_sd", sd, sdUnit, source);
    add(out, p + "_ratio", ratioPct, "%", source);
    return List.copyOf(out);
  }

  private static void add(
      List<IterationValue> out, String metric, Double value, String unit, String source) {
    if (value != null) {
      out.add(new IterationValue(metric, value, unit, source));
    }
  }
}
