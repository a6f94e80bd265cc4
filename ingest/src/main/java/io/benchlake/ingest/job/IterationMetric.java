package io.benchlake.ingest.job;

/** One value of an iteration: authoritative from the source, or computed from its samples. */
public record IterationMetric(
    String metric,
    double value,
    String unit,
    String source,
    boolean computed,
    String sourceEventId) {}
