package io.benchlake.analytics.report;

import io.benchlake.analytics.regress.Regressions;
import io.benchlake.analytics.regress.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A report's candidates judged against its baseline at each thread count, as {@code benchlake
 * regressions} judges two runs (the iterations each side has, Welch's t-test, {@link #THRESHOLD}
 * and {@link #ALPHA}), and the one-line verdict a reader sees first.
 */
public record ReportVerdicts(String baseline, List<CandidateVerdict> verdicts) {
  public static final double ALPHA = 0.05;
  public static final double THRESHOLD = 0.03;

  /** One candidate's verdict at one thread count. */
  public record CandidateVerdict(String candidate, Verdict verdict) {}

  /** The verdicts of every candidate (empty when the report has no baseline). */
  public static ReportVerdicts of(ComparisonReport r) {
    if (r.baseline().isEmpty()) {
      return new ReportVerdicts(null, List.of());
    }
    String base = r.baseline().get();
    List<CandidateVerdict> verdicts = new ArrayList<>();
    for (String candidate : r.datasets()) {
      if (candidate.equals(base)) {
        continue;
      }
      for (int threads : r.threads()) {
        Optional<ThreadStatistics> b = r.at(base, threads);
        Optional<ThreadStatistics> c = r.at(candidate, threads);
        if (b.isEmpty() || c.isEmpty()) {
          continue;
        }
        verdicts.add(
            new CandidateVerdict(
                candidate,
                Regressions.judge(
                    r.test(),
                    threads,
                    r.metric(),
                    values(b.get()),
                    values(c.get()),
                    THRESHOLD,
                    ALPHA)));
      }
    }
    return new ReportVerdicts(base, verdicts);
  }

  /** The verdict of {@code candidate} at {@code threads}, if both sides have values there. */
  public Optional<Verdict> at(String candidate, int threads) {
    return verdicts.stream()
        .filter(v -> v.candidate().equals(candidate) && v.verdict().threads() == threads)
        .map(CandidateVerdict::verdict)
        .findFirst();
  }

  /**
   * "OLTP_RW TPS: 12.3.1 vs 11.8.6: 2 regressions, 1 improvement, 3 unchanged at α=0.05" (the
   * candidates in the report's order); empty without a baseline.
   */
  public String line(ComparisonReport r) {
    if (baseline == null) {
      return "";
    }
    long regressions = count(Verdict.Kind.regression);
    long improvements = count(Verdict.Kind.improvement);
    long unchanged = verdicts.size() - regressions - improvements;
    List<String> candidates = new ArrayList<>(r.datasets());
    candidates.remove(baseline);
    return String.format(
        Locale.ROOT,
        "%s %s: %s vs %s: %s, %s, %d unchanged at α=%s",
        r.test(),
        r.metric(),
        String.join(", ", candidates),
        baseline,
        plural(regressions, "regression"),
        plural(improvements, "improvement"),
        unchanged,
        ALPHA);
  }

  private long count(Verdict.Kind kind) {
    return verdicts.stream().filter(v -> v.verdict().kind() == kind).count();
  }

  private static String plural(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  private static double[] values(ThreadStatistics s) {
    return s.iterations().stream().mapToDouble(Double::doubleValue).toArray();
  }
}
