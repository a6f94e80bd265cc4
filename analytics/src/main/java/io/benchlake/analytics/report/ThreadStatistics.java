package io.benchlake.analytics.report;

import java.util.List;

/** The statistics of one dataset at one thread count (DESIGN.md, Statistics). */
public record ThreadStatistics(
    int n,
    double mean,
    double max,
    double min,
    double stddev,
    Double cov,
    double median,
    double p95,
    double p99,
    double skewness,
    List<Double> iterations) {
  public ThreadStatistics {
    iterations = List.copyOf(iterations);
  }
}
