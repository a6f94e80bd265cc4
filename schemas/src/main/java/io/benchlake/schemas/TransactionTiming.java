package io.benchlake.schemas;

/** HammerDB's time profile of one stored procedure; times in {@code unit} (e.g. ms). */
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
    String unit) {
  public TransactionTiming {
    Event.requireText(procedure, "procedure");
  }
}
