package io.benchlake.cli;

import java.util.List;
import picocli.CommandLine.Option;

/**
 * The run verb's ladder: thread counts, iterations, and what bounds each iteration (time, events,
 * warm-up, arrival rate, forced shutdown, the errors it retries).
 */
final class LadderOptions {
  @Option(
      names = "--threads",
      split = ",",
      description = "The thread ladder, e.g. 1,2,4 (default 1).")
  List<Integer> threads;

  @Option(names = "--iterations", description = "Iterations per thread count (default 1).")
  Integer iterations;

  @Option(
      names = {"--time", "--duration"},
      description = "Measured time of an iteration, e.g. 10s, 5m; 0: no limit (default 10s).")
  String time;

  @Option(
      names = "--events",
      description = "Stop an iteration after this many events in all; 0: no limit.")
  Long events;

  @Option(
      names = {"--warmup-time", "--rampup"},
      description = "Warm-up (HammerDB's ramp-up) before the measured time, e.g. 2m (default 0s).")
  String warmup;

  @Option(
      names = "--rate",
      description =
          "Transactions per second in all, arriving at random; latency then includes queueing. 0: as fast as possible.")
  Double rate;

  @Option(
      names = "--forced-shutdown",
      paramLabel = "off|SECONDS",
      description =
          "How long after --time workers still in a transaction are cut off, the iteration then"
              + " failing (default off: wait for them, as sysbench).")
  String forcedShutdown;

  @Option(
      names = "--mysql-ignore-errors",
      description =
          "Error codes that retry the transaction, 'all' or 'none' (default 1213,1020,1205).")
  String ignoreErrors;

  @Option(
      names = "--restart-between-threads",
      description = "Restart the embedded server before each thread count.")
  Boolean restart;
}
