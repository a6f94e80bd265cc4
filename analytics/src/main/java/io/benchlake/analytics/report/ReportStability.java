package io.benchlake.analytics.report;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.stability.IterationStability.Verdict;
import io.benchlake.analytics.stability.RunStability;
import io.benchlake.analytics.stability.StabilityThresholds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The stability of a report's cells: each dataset's run, its iterations checked on their measured
 * report intervals at some thresholds (the unstable-run checks of the alerts), per thread count.
 */
public record ReportStability(
    StabilityThresholds thresholds, Map<String, Map<Integer, List<Verdict>>> verdicts) {
  public ReportStability {
    Map<String, Map<Integer, List<Verdict>>> copy = new LinkedHashMap<>();
    verdicts.forEach(
        (d, m) -> {
          Map<Integer, List<Verdict>> perThreads = new LinkedHashMap<>();
          m.forEach((t, v) -> perThreads.put(t, List.copyOf(v)));
          copy.put(d, perThreads);
        });
    verdicts = copy;
  }

  /** The verdicts of the report's runs, read from the warehouse at these thresholds. */
  public static ReportStability load(
      AnalyticsSession session, ComparisonReport report, StabilityThresholds thresholds) {
    Map<String, Map<Integer, List<Verdict>>> byRun =
        RunStability.of(session, report.runIds().values(), thresholds);
    Map<String, Map<Integer, List<Verdict>>> byDataset = new LinkedHashMap<>();
    for (String dataset : report.datasets()) {
      byDataset.put(dataset, byRun.getOrDefault(report.runIds().get(dataset), Map.of()));
    }
    return new ReportStability(thresholds, byDataset);
  }

  /** The verdicts of a dataset's iterations at a thread count, in iteration order. */
  public List<Verdict> at(String dataset, int threads) {
    return verdicts.getOrDefault(dataset, Map.of()).getOrDefault(threads, List.of());
  }

  /** The numbers of the unstable iterations of a dataset at a thread count. */
  public List<Integer> unstableIterations(String dataset, int threads) {
    return at(dataset, threads).stream().filter(Verdict::unstable).map(Verdict::iteration).toList();
  }

  /** Whether any iteration of the report was checked (had enough measured intervals). */
  public boolean anyChecked() {
    return verdicts.values().stream()
        .flatMap(m -> m.values().stream())
        .flatMap(List::stream)
        .anyMatch(Verdict::checked);
  }

  /**
   * A cell's stability in words: "stable", each unstable iteration's problems, the iterations not
   * checked and why, or "no completed iteration".
   */
  public String describe(String dataset, int threads) {
    List<Verdict> all = at(dataset, threads);
    if (all.isEmpty()) {
      return "no completed iteration";
    }
    List<String> parts = new ArrayList<>();
    for (Verdict v : all) {
      if (v.unstable()) {
        parts.add("iteration " + v.iteration() + ": " + String.join("; ", v.problems()));
      }
    }
    List<Verdict> unchecked = all.stream().filter(v -> !v.checked()).toList();
    if (!unchecked.isEmpty()) {
      String which =
          unchecked.size() == all.size()
              ? "not checked"
              : "iteration"
                  + (unchecked.size() == 1 ? " " : "s ")
                  + String.join(
                      ", ", unchecked.stream().map(v -> String.valueOf(v.iteration())).toList())
                  + " not checked";
      int most = unchecked.stream().mapToInt(Verdict::intervals).max().orElse(0);
      parts.add(
          which
              + (most == 0
                  ? " (no measured intervals)"
                  : " ("
                      + most
                      + " measured intervals at most, under "
                      + thresholds.minIntervals()
                      + ")"));
    }
    return parts.isEmpty() ? "stable" : String.join(". ", parts);
  }
}
