package io.benchlake.schemas;

/**
 * HammerDB's time profile of one stored procedure; times in {@code unit} (ms). {@code sdUnit} is
 * the unit of {@code sd}: ms from HammerDB v6.0, clock clicks before (printed without a unit).
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
    String sdUnit) {
  public TransactionTiming {
    Event.requireText(procedure, "procedure");
  }
}
