package io.benchlake.loadgen.run;

import io.benchlake.loadgen.workload.oltp.OltpOptions;
import io.benchlake.schemas.Property;
import java.util.List;

/** What one run does: a workload over a thread ladder, each rung repeated for some iterations. */
public record RunPlan(
    String dataset,
    String testName,
    String tag,
    String workload,
    OltpOptions options,
    List<Integer> threads,
    int iterations,
    double durationS,
    double warmupS,
    double reportIntervalS,
    double percentile,
    List<Property> properties) {

  public RunPlan {
    threads = List.copyOf(threads);
    properties = properties == null ? List.of() : List.copyOf(properties);
    if (threads.isEmpty() || threads.stream().anyMatch(t -> t < 1)) {
      throw new IllegalArgumentException(
          "--threads needs one or more counts of at least 1, was " + threads);
    }
    if (iterations < 1) {
      throw new IllegalArgumentException("--iterations must be at least 1, was " + iterations);
    }
    if (durationS <= 0) {
      throw new IllegalArgumentException("--duration must be more than 0 s, was " + durationS);
    }
    if (reportIntervalS <= 0) {
      throw new IllegalArgumentException("--report-interval must be more than 0 s");
    }
    if (warmupS < 0) {
      throw new IllegalArgumentException("--warmup-time must not be negative");
    }
  }

  public int maxThreads() {
    return threads.stream().mapToInt(Integer::intValue).max().orElse(1);
  }
}
