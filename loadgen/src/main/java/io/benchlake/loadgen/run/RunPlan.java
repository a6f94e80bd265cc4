package io.benchlake.loadgen.run;

import io.benchlake.loadgen.workload.InvalidOption;
import io.benchlake.loadgen.workload.WorkloadOptions;
import io.benchlake.schemas.Property;
import java.util.List;

/**
 * What one run does: a workload over a thread ladder, each rung repeated for some iterations, each
 * iteration bounded by time ({@code --time}) or a count of events ({@code --events}) or both.
 * {@code rate} is sysbench's --rate (transactions per second in all; 0: as fast as possible).
 * {@code forcedShutdownS} is sysbench's --forced-shutdown: how long after the time limit workers
 * still in a transaction are cut off and the iteration ends as failed; negative: off (wait). {@code
 * testbed} names the machine (--testbed); null: named from the host facts captured.
 */
public record RunPlan(
    String dataset,
    String testName,
    String tag,
    String workload,
    WorkloadOptions options,
    List<Integer> threads,
    int iterations,
    double durationS,
    long events,
    double warmupS,
    double reportIntervalS,
    double percentile,
    boolean histogram,
    double rate,
    ErrorPolicy ignoreErrors,
    List<Property> properties,
    double forcedShutdownS,
    String testbed) {

  public RunPlan {
    threads = List.copyOf(threads);
    properties = properties == null ? List.of() : List.copyOf(properties);
    testbed = testbed == null || testbed.isBlank() ? null : testbed.strip();
    ignoreErrors = ignoreErrors == null ? ErrorPolicy.defaults() : ignoreErrors;
    if (threads.isEmpty() || threads.stream().anyMatch(t -> t < 1)) {
      throw new InvalidOption("threads", "needs one or more counts of at least 1, was " + threads);
    }
    if (iterations < 1) {
      throw new InvalidOption("iterations", "must be at least 1, was " + iterations);
    }
    if (durationS < 0 || events < 0) {
      throw new InvalidOption("time", "and --events must not be negative");
    }
    if (durationS == 0 && events == 0) {
      throw new InvalidOption("time", "and --events are both 0: the run would not end");
    }
    if (reportIntervalS <= 0) {
      throw new InvalidOption("report-interval", "must be more than 0 s");
    }
    if (warmupS < 0) {
      throw new InvalidOption("warmup-time", "must not be negative");
    }
    if (!(percentile >= 0 && percentile <= 100)) {
      throw new InvalidOption(
          "percentile", "must be in [0, 100] (0 turns it off, as in sysbench), was " + percentile);
    }
    if (rate < 0) {
      throw new InvalidOption("rate", "must not be negative, was " + rate);
    }
  }

  /** A time-bounded plan with sysbench's defaults for everything else. */
  public static RunPlan timed(
      String testName,
      String tag,
      String workload,
      WorkloadOptions options,
      List<Integer> threads,
      int iterations,
      double durationS,
      double warmupS) {
    return new RunPlan(
        null,
        testName,
        tag,
        workload,
        options,
        threads,
        iterations,
        durationS,
        0,
        warmupS,
        1.0,
        95,
        false,
        0,
        ErrorPolicy.defaults(),
        List.of(),
        -1,
        null);
  }

  /** The same plan for one dataset label (null: "Mariadb " and the server's version). */
  public RunPlan withDataset(String label) {
    return new RunPlan(
        label,
        testName,
        tag,
        workload,
        options,
        threads,
        iterations,
        durationS,
        events,
        warmupS,
        reportIntervalS,
        percentile,
        histogram,
        rate,
        ignoreErrors,
        properties,
        forcedShutdownS,
        testbed);
  }

  /** The same plan with other workload options. */
  public RunPlan withOptions(WorkloadOptions other) {
    return new RunPlan(
        dataset,
        testName,
        tag,
        workload,
        other,
        threads,
        iterations,
        durationS,
        events,
        warmupS,
        reportIntervalS,
        percentile,
        histogram,
        rate,
        ignoreErrors,
        properties,
        forcedShutdownS,
        testbed);
  }

  /** The same plan over other thread counts. */
  public RunPlan withThreads(List<Integer> counts) {
    return new RunPlan(
        dataset,
        testName,
        tag,
        workload,
        options,
        counts,
        iterations,
        durationS,
        events,
        warmupS,
        reportIntervalS,
        percentile,
        histogram,
        rate,
        ignoreErrors,
        properties,
        forcedShutdownS,
        testbed);
  }

  public int maxThreads() {
    return threads.stream().mapToInt(Integer::intValue).max().orElse(1);
  }
}
