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

  /**
   * A plan set by name, with sysbench's defaults for what is not set (10 s, 1 iteration, 1 thread).
   */
  public static Builder builder(String workload, WorkloadOptions options) {
    return new Builder().workload(workload).options(options);
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
    return builder(workload, options)
        .testName(testName)
        .tag(tag)
        .threads(threads)
        .iterations(iterations)
        .durationS(durationS)
        .warmupS(warmupS)
        .build();
  }

  /** A builder holding this plan, to change a part of it. */
  public Builder toBuilder() {
    return new Builder()
        .dataset(dataset)
        .testName(testName)
        .tag(tag)
        .workload(workload)
        .options(options)
        .threads(threads)
        .iterations(iterations)
        .durationS(durationS)
        .events(events)
        .warmupS(warmupS)
        .reportIntervalS(reportIntervalS)
        .percentile(percentile)
        .histogram(histogram)
        .rate(rate)
        .ignoreErrors(ignoreErrors)
        .properties(properties)
        .forcedShutdownS(forcedShutdownS)
        .testbed(testbed);
  }

  /** The same plan for one dataset label (null: "Mariadb " and the server's version). */
  public RunPlan withDataset(String label) {
    return toBuilder().dataset(label).build();
  }

  /** The same plan with other workload options. */
  public RunPlan withOptions(WorkloadOptions other) {
    return toBuilder().options(other).build();
  }

  /** The same plan over other thread counts. */
  public RunPlan withThreads(List<Integer> counts) {
    return toBuilder().threads(counts).build();
  }

  public int maxThreads() {
    return threads.stream().mapToInt(Integer::intValue).max().orElse(1);
  }

  /** A plan set part by part; {@link RunPlan}'s constructor checks the whole. */
  public static final class Builder {
    private String dataset;
    private String testName;
    private String tag;
    private String workload;
    private WorkloadOptions options;
    private List<Integer> threads = List.of(1);
    private int iterations = 1;
    private double durationS = 10;
    private long events = 0;
    private double warmupS = 0;
    private double reportIntervalS = 1.0;
    private double percentile = 95;
    private boolean histogram = false;
    private double rate = 0;
    private ErrorPolicy ignoreErrors = ErrorPolicy.defaults();
    private List<Property> properties = List.of();
    private double forcedShutdownS = -1;
    private String testbed;

    private Builder() {}

    /** The dataset label; null: "Mariadb " and the server's version. */
    public Builder dataset(String dataset) {
      this.dataset = dataset;
      return this;
    }

    public Builder testName(String testName) {
      this.testName = testName;
      return this;
    }

    public Builder tag(String tag) {
      this.tag = tag;
      return this;
    }

    public Builder workload(String workload) {
      this.workload = workload;
      return this;
    }

    public Builder options(WorkloadOptions options) {
      this.options = options;
      return this;
    }

    /** The thread ladder, one rung after another. */
    public Builder threads(List<Integer> threads) {
      this.threads = threads;
      return this;
    }

    public Builder iterations(int iterations) {
      this.iterations = iterations;
      return this;
    }

    /** The time limit of an iteration in seconds; 0: none (bounded by events). */
    public Builder durationS(double durationS) {
      this.durationS = durationS;
      return this;
    }

    /** The count of events that ends an iteration; 0: none (bounded by time). */
    public Builder events(long events) {
      this.events = events;
      return this;
    }

    public Builder warmupS(double warmupS) {
      this.warmupS = warmupS;
      return this;
    }

    public Builder reportIntervalS(double reportIntervalS) {
      this.reportIntervalS = reportIntervalS;
      return this;
    }

    /** The latency percentile reported; 0: off. */
    public Builder percentile(double percentile) {
      this.percentile = percentile;
      return this;
    }

    public Builder histogram(boolean histogram) {
      this.histogram = histogram;
      return this;
    }

    /** Transactions per second in all; 0: as fast as possible. */
    public Builder rate(double rate) {
      this.rate = rate;
      return this;
    }

    public Builder ignoreErrors(ErrorPolicy ignoreErrors) {
      this.ignoreErrors = ignoreErrors;
      return this;
    }

    public Builder properties(List<Property> properties) {
      this.properties = properties;
      return this;
    }

    /** Seconds after the time limit before workers are cut off; negative: off. */
    public Builder forcedShutdownS(double forcedShutdownS) {
      this.forcedShutdownS = forcedShutdownS;
      return this;
    }

    public Builder testbed(String testbed) {
      this.testbed = testbed;
      return this;
    }

    public RunPlan build() {
      return new RunPlan(
          dataset,
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
  }
}
