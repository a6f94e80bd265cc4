package io.benchlake.alerts;

import io.benchlake.analytics.stability.IterationStability;
import io.benchlake.schemas.Alert;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The unstable runs of one series (pure): a run whose checked iterations ({@link
 * IterationStability}) show a stall, a warm-up that had not ended or too high an interval CoV is a
 * finding of kind {@code unstable}, direction {@code unstable}, located at the run, with the
 * thresholds as its parameters and each iteration's problems as its why.
 */
public final class StabilityFindings {
  /** The detector named in an unstable finding's provenance. */
  public static final String DETECTOR =
      "stability: stalls, warm-up (Mann-Kendall over the first third), interval CoV";

  private StabilityFindings() {}

  /** One iteration's measured intervals of a run in a series, in time order. */
  public record IterationIntervals(
      SeriesKey series, String runId, int iteration, List<IterationStability.Interval> intervals) {
    public IterationIntervals {
      intervals = List.copyOf(intervals);
    }
  }

  /** The unstable findings of the series whose points are {@code points}. */
  public static List<Finding> of(
      List<SeriesPoint> points, List<IterationIntervals> iterations, AlertSettings settings) {
    Map<String, List<IterationIntervals>> byRun =
        iterations.stream()
            .collect(
                Collectors.groupingBy(
                    IterationIntervals::runId, LinkedHashMap::new, Collectors.toList()));
    List<Finding> found = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      SeriesPoint p = points.get(i);
      List<IterationIntervals> its = byRun.get(p.runId());
      if (its != null) {
        List<IterationStability.Verdict> verdicts =
            its.stream()
                .map(
                    it ->
                        IterationStability.check(
                            it.iteration(), it.intervals(), settings.stability()))
                .toList();
        finding(points, i, verdicts, settings).ifPresent(found::add);
      }
    }
    return found;
  }

  private static java.util.Optional<Finding> finding(
      List<SeriesPoint> points,
      int index,
      List<IterationStability.Verdict> verdicts,
      AlertSettings settings) {
    List<IterationStability.Verdict> unstable =
        verdicts.stream().filter(IterationStability.Verdict::unstable).toList();
    if (unstable.isEmpty()) {
      return java.util.Optional.empty();
    }
    SeriesPoint at = points.get(index);
    IterationStability.Verdict worst =
        unstable.stream()
            .max(java.util.Comparator.comparingDouble(IterationStability.Verdict::covPct))
            .orElseThrow();
    Double warmupP =
        unstable.stream()
            .map(IterationStability.Verdict::warmupP)
            .filter(java.util.Objects::nonNull)
            .min(Double::compare)
            .orElse(null);
    Alert.Provenance p =
        new Alert.Provenance(
            DETECTOR,
            settings.unstableThresholds(),
            List.of(),
            List.of(at.runId()),
            at.startedAt(),
            at.startedAt(),
            worst.covPct(),
            null,
            null,
            warmupP,
            worst.covPct() / 100,
            worst.median(),
            worst.lowest(),
            List.of());
    return java.util.Optional.of(
        new Finding(
            Alert.Kind.unstable,
            "unstable",
            index,
            at.runId(),
            at.startedAt(),
            p,
            SeriesFindings.label(at.version(), null),
            why(verdicts)));
  }

  /** Each iteration's problems, and the iterations that were not checked. */
  static String why(List<IterationStability.Verdict> verdicts) {
    List<String> parts = new ArrayList<>();
    for (IterationStability.Verdict v : verdicts) {
      if (v.unstable()) {
        parts.add("iteration " + v.iteration() + ": " + String.join("; ", v.problems()));
      } else if (!v.checked()) {
        parts.add(
            "iteration "
                + v.iteration()
                + ": not checked ("
                + v.intervals()
                + " measured intervals)");
      }
    }
    return String.join(". ", parts);
  }
}
