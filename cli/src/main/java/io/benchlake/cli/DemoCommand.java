package io.benchlake.cli;

import io.benchlake.home.BenchlakeHome;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** benchlake demo: two embedded MariaDB versions on a short ladder, ingested and compared. */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description =
        "Benchmark embedded MariaDB versions with oltp_read_write, ingest, and print the comparison report.")
final class DemoCommand implements Callable<Integer> {
  private final BenchlakeHome home;

  DemoCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Option(
      names = "--versions",
      split = ",",
      defaultValue = "11.4.5,10.11.5",
      description = "Embedded MariaDB versions, one dataset each (default: ${DEFAULT-VALUE}).")
  List<String> versions;

  @Option(
      names = "--threads",
      split = ",",
      defaultValue = "1,2,4",
      description = "The thread ladder (default: ${DEFAULT-VALUE}).")
  List<Integer> threads;

  @Option(
      names = "--iterations",
      defaultValue = "2",
      description = "Iterations per thread count (default: ${DEFAULT-VALUE}).")
  int iterations;

  @Option(
      names = "--duration",
      defaultValue = "10s",
      converter = DurationConverter.class,
      description = "Measured time of each iteration, e.g. 10s or 1m (default: ${DEFAULT-VALUE}).")
  double durationS;

  @Option(
      names = "--warmup-time",
      defaultValue = "0s",
      converter = DurationConverter.class,
      description = "Warm-up before each iteration's measured window (default: ${DEFAULT-VALUE}).")
  double warmupS;

  @Option(
      names = "--tables",
      defaultValue = "4",
      description = "sbtest tables (default: ${DEFAULT-VALUE}).")
  int tables;

  @Option(
      names = "--table-size",
      defaultValue = "10000",
      description = "Rows per table (default: ${DEFAULT-VALUE}).")
  long tableSize;

  @Mixin BusOptions bus;

  @Override
  public Integer call() throws Exception {
    DemoJob.Options options =
        new DemoJob.Options(versions, threads, iterations, durationS, warmupS, tables, tableSize);
    new DemoJob(home, System.out).run(options, bus);
    return 0;
  }
}
