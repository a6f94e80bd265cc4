package io.benchlake.cli;

import picocli.CommandLine.Option;

/** What the run verb prints and samples: the report interval, the percentile, the histogram. */
final class OutputOptions {
  @Option(
      names = "--histogram",
      arity = "0..1",
      fallbackValue = "on",
      paramLabel = "on|off",
      description =
          "Print sysbench's latency histogram at the end of each iteration (default off).")
  String histogram;

  @Option(
      names = "--report-interval",
      description = "Seconds between interval lines and samples (default 1s).")
  String reportInterval;

  @Option(
      names = "--percentile",
      description = "The latency percentile reported (default 95; 0 turns it off, as in sysbench).")
  Double percentile;
}
