package io.benchlake.cli;

import io.benchlake.alerts.AlertFilter;
import picocli.CommandLine.Option;

/** The filters of `alerts list` (and of a triage with --all-matching). */
final class AlertFilterOptions {
  @Option(
      names = "--state",
      description =
          "untriaged, acknowledged, invalid, fixed, wontfix, backfill or all (default: untriaged).")
  String state;

  @Option(names = "--kind", description = "change, regression, trend, outlier or unstable.")
  String kind;

  @Option(names = "--test", description = "Only this test (canonical name).")
  String test;

  @Option(names = "--testbed", description = "Only this testbed.")
  String testbed;

  @Option(
      names = "--since",
      paramLabel = "DATE",
      description = "Raised on or after DATE (yyyy-MM-dd).")
  String since;

  AlertFilter filter() {
    return new AlertFilter(state, kind, test, testbed, AlertFilter.date(since));
  }
}
