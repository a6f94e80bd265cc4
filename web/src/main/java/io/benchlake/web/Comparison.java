package io.benchlake.web;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.regress.Regressions;
import io.benchlake.analytics.regress.Verdict;
import io.benchlake.analytics.report.ComparisonQuery;
import io.benchlake.analytics.report.ComparisonReport;
import io.benchlake.analytics.report.ThreadStatistics;
import io.benchlake.home.BadInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The compare page's answer: the report {@code benchlake report} renders (latest completed run of
 * each dataset), and per candidate and thread count the verdict of {@code benchlake regressions} on
 * the two runs' iterations (change, Welch's p-value, significance at {@link #ALPHA}).
 */
record Comparison(ComparisonReport report, List<CandidateVerdict> verdicts, String baseline) {
  /** One candidate's verdict at one thread count. */
  record CandidateVerdict(String candidate, Verdict verdict) {}

  static final double ALPHA = 0.05;
  static final double THRESHOLD = 0.03;

  static Comparison load(
      AnalyticsSession session,
      String test,
      String metric,
      String baseline,
      List<String> candidates) {
    if (candidates.isEmpty()) {
      throw new BadInputException("parameter candidates is required (one dataset or more)");
    }
    if (candidates.contains(baseline)) {
      throw new BadInputException("the baseline " + baseline + " is also a candidate");
    }
    List<String> datasets = new ArrayList<>();
    datasets.add(baseline);
    datasets.addAll(candidates);
    ComparisonReport r =
        ComparisonQuery.load(
            session, Optional.ofNullable(test), metric, datasets, List.of(), Optional.of(baseline));
    String base = r.baseline().orElse(r.datasets().get(0));
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
        Verdict v =
            Regressions.judge(
                r.test(), threads, r.metric(), values(b.get()), values(c.get()), THRESHOLD, ALPHA);
        verdicts.add(new CandidateVerdict(candidate, v));
      }
    }
    return new Comparison(r, verdicts, base);
  }

  private static double[] values(ThreadStatistics s) {
    return s.iterations().stream().mapToDouble(Double::doubleValue).toArray();
  }
}
