package io.benchlake.cli;

import io.benchlake.core.Labels;
import io.benchlake.home.BadInputException;
import io.benchlake.importers.FormatImporter;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.Importers;
import io.benchlake.importers.StartedAt;
import io.benchlake.importers.hammerdb.HammerdbFormat;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** What `benchlake import` is told about the files: the run they tell of and how to read them. */
final class ImportOptions {
  @Option(
      names = "--dataset",
      description = "Dataset label of sysbench logs, e.g. 'Mariadb 11.8.3'.")
  String dataset;

  @Option(
      names = "--test",
      description = "Test name, e.g. OLTP_RW (sysbench; overrides a report's).")
  String test;

  @Option(names = "--iteration", description = "Iteration number of a single sysbench log.")
  Integer iteration;

  @Option(
      names = "--server-version",
      description = "Server version the sysbench logs were made against.")
  String serverVersion;

  @Option(
      names = "--started-at",
      description =
          "When the run started (ISO-8601, yyyy-mm-dd in UTC, or a local time such as"
              + " 2025-11-23T19:04:53 with --timezone), for logs that carry no date; 'mtime': the"
              + " file's modification time (HammerDB outputs are refused without a date).")
  String startedAt;

  @Option(
      names = "--timezone",
      description =
          "Zone of local times the files or --started-at leave open (HammerDB's IST, CST, jobs"
              + " timestamps without jobid; a sidecar's started_at), e.g. Asia/Kolkata or +05:30.")
  String timezone;

  @Option(
      names = "--layout",
      description = "Fields from paths, e.g. '{dataset}/{test}/{threads}/{iteration}.log'.")
  String layout;

  @Option(
      names = "--host",
      defaultValue = "unknown",
      description = "Host the results were measured on (default: ${DEFAULT-VALUE}).")
  String host;

  @Option(
      names = "--testbed",
      description =
          "The machine the results were measured on, e.g. 'lab-epyc-64' (also a sidecar's"
              + " \"testbed\" or a layout's {testbed}; a TAF report's Host otherwise).")
  String testbed;

  @Option(
      names = "--repeats",
      paramLabel = "runs|iterations",
      description =
          "HammerDB, BenchBase, tpcc-mysql: a VU (terminal, connection) count seen again in a"
              + " ladder starts the next run (runs, the default) or is the next iteration of its"
              + " rung (iterations).")
  String repeats;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description =
          "sysbench: the thread count of logs that do not print it (an excerpt); a log that prints"
              + " another is refused.")
  Integer threads;

  @Option(
      names = "--vus",
      paramLabel = "N",
      description =
          "HammerDB: active virtual users (as vuset vu) of outputs that do not say (a vurun"
              + " excerpt); an output that says another count is refused.")
  Integer vus;

  @Option(
      names = "--keep-going",
      description = "Skip bad files (reported) instead of stopping; exit 2 if any.")
  boolean keepGoing;

  /** --started-at mtime: date the run by its file's modification time. */
  private static final String MTIME = "mtime";

  /** The request to import {@code files} of {@code format} as these options say. */
  ImportRequest request(String format, List<Path> files) {
    if (iteration != null && files.size() > 1) {
      throw new BadInputException(
          "--iteration applies to a single log; without it, logs are numbered in the order given");
    }
    String[][] labels = {
      {"--dataset", dataset},
      {"--test", test},
      {"--server-version", serverVersion},
      {"--host", host}
    };
    for (String[] flag : labels) {
      Labels.problem(flag[0], flag[1])
          .ifPresent(
              p -> {
                throw new BadInputException(p);
              });
    }
    FormatImporter importer = Importers.named(format);
    if (vus != null && !(importer instanceof HammerdbFormat)) {
      throw new BadInputException(
          "--vus is HammerDB's count of virtual users; for " + format + " give --threads N");
    }
    if (threads != null && importer instanceof HammerdbFormat) {
      throw new BadInputException(
          "--threads: HammerDB counts virtual users; give --vus N (active VUs, as vuset vu)");
    }
    return ImportRequest.builder(importer, files)
        .dataset(dataset)
        .test(test)
        .iteration(iteration)
        .serverVersion(serverVersion)
        .startedAt(MTIME.equals(startedAt) || startedAt == null ? null : instant(startedAt))
        .startedAtFromFileTime(MTIME.equals(startedAt))
        .timezone(timezone == null ? null : ImportRequest.zone(timezone))
        .layout(layout)
        .host(host)
        .testbed(testbed == null || testbed.isBlank() ? null : testbed.strip())
        .repeatsAsIterations(repeatsAsIterations())
        .threads(threads == null ? null : positive("--threads", threads))
        .vus(vus == null ? null : positive("--vus", vus))
        .keepGoing(keepGoing)
        .build();
  }

  private boolean repeatsAsIterations() {
    if (repeats == null || repeats.equals("runs")) {
      return false;
    }
    if (repeats.equals("iterations")) {
      return true;
    }
    throw new BadInputException("--repeats '" + repeats + "': give runs or iterations");
  }

  private static int positive(String option, int n) {
    if (n < 1) {
      throw new BadInputException(option + " " + n + ": give a whole number of 1 or more");
    }
    return n;
  }

  private Instant instant(String text) {
    return StartedAt.parse(
        "--started-at", text, Optional.ofNullable(timezone).map(ImportRequest::zone));
  }
}
