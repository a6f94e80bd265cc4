package io.benchlake.schemas;

/**
 * One authoritative value of an iteration, e.g. TPS 640.22 tx/s from {@code loadgen}. {@code
 * source} says how it was obtained (e.g. {@code loadgen:exact}, {@code sysbench:summary}).
 */
public record IterationValue(String metric, double value, String unit, String source) {
  public IterationValue {
    Event.requireText(metric, "metric");
    Event.requireText(source, "source");
    unit = unit == null ? "" : unit;
  }
}
