package io.benchlake.analytics.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A comparison report: one metric of one test across datasets and thread counts, with the System,
 * Database and Test Info of each dataset's run.
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
    PropertyTable testInfo) {

  public ComparisonReport {
    title = List.copyOf(title);
    datasets = List.copyOf(datasets);
    threads = List.copyOf(threads);
    Map<String, Map<Integer, ThreadStatistics>> copy = new LinkedHashMap<>();
    stats.forEach((d, m) -> copy.put(d, new LinkedHashMap<>(m)));
    stats = copy;
  }

  public Optional<ThreadStatistics> at(String dataset, int threadCount) {
    return Optional.ofNullable(stats.getOrDefault(dataset, Map.of()).get(threadCount));
  }

  /** The most iterations any dataset has at a thread count: the number of Iteration rows. */
  public int iterationRows(int threadCount) {
    return datasets.stream()
        .mapToInt(d -> at(d, threadCount).map(s -> s.iterations().size()).orElse(0))
        .max()
        .orElse(0);
  }
}
