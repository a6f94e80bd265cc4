package io.benchlake.alerts;

import java.time.Instant;
import java.util.Arrays;

/**
 * One completed run of a series: its iteration values, server version and dataset, and whether it
 * came with the commit being evaluated ({@code fresh}).
 */
public record SeriesPoint(
    String runId,
    Instant startedAt,
    String version,
    String dataset,
    double[] values,
    boolean fresh) {
  public double mean() {
    return Arrays.stream(values).average().orElse(Double.NaN);
  }
}
