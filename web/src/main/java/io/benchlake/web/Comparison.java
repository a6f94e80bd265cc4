package io.benchlake.web;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.report.ComparisonQuery;
import io.benchlake.analytics.report.ComparisonReport;
import io.benchlake.analytics.report.ReportStability;
import io.benchlake.analytics.report.ReportVerdicts;
import io.benchlake.analytics.stability.StabilityThresholds;
import io.benchlake.home.BadInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The compare page's answer: the report {@code benchlake report} renders (latest completed run of
 * each dataset, with its Stability block at the home's thresholds), and per candidate and thread
 * count the verdict the HTML report colours ({@link ReportVerdicts}: the regression test of {@code
 * benchlake regressions} on the two runs' iterations).
 */
record Comparison(ComparisonReport report, ReportVerdicts judged) {
  static final double ALPHA = ReportVerdicts.ALPHA;

  static Comparison load(
      AnalyticsSession session,
      String test,
      String metric,
      String baseline,
      List<String> candidates,
      StabilityThresholds stability) {
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
    r = r.withStability(ReportStability.load(session, r, stability));
    return new Comparison(r, ReportVerdicts.of(r));
  }

  List<ReportVerdicts.CandidateVerdict> verdicts() {
    return judged.verdicts();
  }

  String baseline() {
    return judged.baseline();
  }
}
