package io.benchlake.analytics.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A comparison report: one metric of one test across datasets and thread counts, with the System,
 * Database and Test Info of each dataset's run, the iterations annotations left out of them, and
 * (once {@link #withStability} added it) the stability of each run's iterations. Built by name
 * through {@link #builder()}.
 */
public record ComparisonReport(
    List<String> title,
    String test,
    String metric,
    List<String> datasets,
    List<Integer> threads,
    Map<String, Map<Integer, ThreadStatistics>> stats,
    PropertyTable system,
    PropertyTable database,
    PropertyTable testInfo,
    Optional<String> baseline,
    List<Difference> differences,
    Map<String, String> runIds,
    List<LeftOut> leftOut,
    Optional<ReportStability> stability) {

  public ComparisonReport {
    differences = List.copyOf(differences);
    leftOut = List.copyOf(leftOut);
    runIds = Map.copyOf(runIds);
    if (baseline.isPresent() && !datasets.contains(baseline.get())) {
      throw new IllegalArgumentException("the baseline must be one of the datasets");
    }
    title = List.copyOf(title);
    datasets = List.copyOf(datasets);
    threads = List.copyOf(threads);
    Map<String, Map<Integer, ThreadStatistics>> copy = new LinkedHashMap<>();
    stats.forEach((d, m) -> copy.put(d, new LinkedHashMap<>(m)));
    stats = copy;
  }

  /** A report set by name: nothing left out, no baseline, differences or stability unless set. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this report, to change a part of it. */
  public Builder toBuilder() {
    return new Builder()
        .title(title)
        .test(test)
        .metric(metric)
        .datasets(datasets)
        .threads(threads)
        .stats(stats)
        .system(system)
        .database(database)
        .testInfo(testInfo)
        .baseline(baseline)
        .differences(differences)
        .runIds(runIds)
        .leftOut(leftOut)
        .stability(stability);
  }

  /** The same report with the stability of its runs' iterations. */
  public ComparisonReport withStability(ReportStability checked) {
    return toBuilder().stability(Optional.of(checked)).build();
  }

  /** A report set part by part; {@link ComparisonReport}'s constructor checks the whole. */
  public static final class Builder {
    private static final PropertyTable NONE = new PropertyTable.Builder().build();

    private List<String> title = List.of();
    private String test;
    private String metric;
    private List<String> datasets = List.of();
    private List<Integer> threads = List.of();
    private Map<String, Map<Integer, ThreadStatistics>> stats = Map.of();
    private PropertyTable system = NONE;
    private PropertyTable database = NONE;
    private PropertyTable testInfo = NONE;
    private Optional<String> baseline = Optional.empty();
    private List<Difference> differences = List.of();
    private Map<String, String> runIds = Map.of();
    private List<LeftOut> leftOut = List.of();
    private Optional<ReportStability> stability = Optional.empty();

    private Builder() {}

    /** The title lines, printed first. */
    public Builder title(List<String> title) {
      this.title = title;
      return this;
    }

    public Builder test(String test) {
      this.test = test;
      return this;
    }

    public Builder metric(String metric) {
      this.metric = metric;
      return this;
    }

    /** The datasets, in column order. */
    public Builder datasets(List<String> datasets) {
      this.datasets = datasets;
      return this;
    }

    public Builder threads(List<Integer> threads) {
      this.threads = threads;
      return this;
    }

    /** The statistics per dataset and thread count. */
    public Builder stats(Map<String, Map<Integer, ThreadStatistics>> stats) {
      this.stats = stats;
      return this;
    }

    public Builder system(PropertyTable system) {
      this.system = system;
      return this;
    }

    public Builder database(PropertyTable database) {
      this.database = database;
      return this;
    }

    public Builder testInfo(PropertyTable testInfo) {
      this.testInfo = testInfo;
      return this;
    }

    /** The dataset the others are compared with: one of the datasets. */
    public Builder baseline(Optional<String> baseline) {
      this.baseline = baseline;
      return this;
    }

    public Builder differences(List<Difference> differences) {
      this.differences = differences;
      return this;
    }

    /** Each dataset's run. */
    public Builder runIds(Map<String, String> runIds) {
      this.runIds = runIds;
      return this;
    }

    /** The iterations annotations left out. */
    public Builder leftOut(List<LeftOut> leftOut) {
      this.leftOut = leftOut;
      return this;
    }

    public Builder stability(Optional<ReportStability> stability) {
      this.stability = stability;
      return this;
    }

    public ComparisonReport build() {
      return new ComparisonReport(
          title,
          test,
          metric,
          datasets,
          threads,
          stats,
          system,
          database,
          testInfo,
          baseline,
          differences,
          runIds,
          leftOut,
          stability);
    }
  }

  /** The numbers of the unstable iterations of a cell: none without the stability. */
  public List<Integer> unstableIterations(String dataset, int threadCount) {
    return stability.map(s -> s.unstableIterations(dataset, threadCount)).orElse(List.of());
  }

  public Optional<ThreadStatistics> at(String dataset, int threadCount) {
    return Optional.ofNullable(stats.getOrDefault(dataset, Map.of()).get(threadCount));
  }

  /**
   * The change of a dataset's mean from the baseline's at a thread count, in percent: empty without
   * a baseline, a value on either side, or a baseline mean of 0.
   */
  public OptionalDouble changePct(String dataset, int threadCount) {
    if (baseline.isEmpty()) {
      return OptionalDouble.empty();
    }
    Optional<ThreadStatistics> base = at(baseline.get(), threadCount);
    Optional<ThreadStatistics> other = at(dataset, threadCount);
    if (base.isEmpty() || other.isEmpty() || base.get().mean() == 0) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of((other.get().mean() - base.get().mean()) / base.get().mean() * 100);
  }

  /**
   * The number of Iteration rows at a thread count: the highest iteration number any dataset has
   * there, kept or left out by an annotation.
   */
  public int iterationRows(int threadCount) {
    int kept =
        datasets.stream()
            .mapToInt(d -> at(d, threadCount).map(ThreadStatistics::lastIteration).orElse(0))
            .max()
            .orElse(0);
    int excluded =
        leftOut.stream()
            .filter(o -> o.threads() == threadCount && datasets.contains(o.dataset()))
            .mapToInt(LeftOut::iteration)
            .max()
            .orElse(0);
    return Math.max(kept, excluded);
  }

  /** Whether an annotation left this dataset's iteration at this thread count out. */
  public boolean isLeftOut(String dataset, int threadCount, int iteration) {
    return leftOut.stream()
        .anyMatch(
            o ->
                o.dataset().equals(dataset)
                    && o.threads() == threadCount
                    && o.iteration() == iteration);
  }

  /**
   * Where the source report's printed statistics were set aside because an iteration there is
   * excluded, so the statistics shown were computed from the iterations: "dataset at N threads".
   */
  public List<String> computedInsteadOfPrinted() {
    List<String> out = new java.util.ArrayList<>();
    for (String d : datasets) {
      for (int t : threads) {
        if (at(d, t).map(ThreadStatistics::sourceSetAside).orElse(false)) {
          out.add(d + " at " + t + " threads");
        }
      }
    }
    return out;
  }
}
