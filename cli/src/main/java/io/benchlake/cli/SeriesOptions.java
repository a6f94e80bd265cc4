package io.benchlake.cli;

import picocli.CommandLine.Option;

/** Which history a verb looks at: a test, a thread count and a metric (trend, changes). */
final class SeriesOptions {
  @Option(names = "--test", required = true, description = "Test name, e.g. OLTP_RW.")
  String test;

  @Option(names = "--threads", required = true, description = "The thread count.")
  int threads;

  @Option(
      names = "--metric",
      defaultValue = "TPS",
      description = "Metric (default: ${DEFAULT-VALUE}).")
  String metric;
}
