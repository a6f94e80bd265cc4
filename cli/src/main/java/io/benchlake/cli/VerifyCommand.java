package io.benchlake.cli;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.CommittedFiles;
import io.benchlake.warehouse.Warehouse;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** benchlake verify: every committed warehouse file against the size and hash of its commit. */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description = {
      "Check every committed warehouse file against the size and SHA-256 recorded when it was"
          + " committed; a damaged file is named (exit 6) and `benchlake ingest --rebuild`"
          + " repairs it. Needs neither Kafka nor Flink."
    })
final class VerifyCommand implements Callable<Integer> {
  @Option(
      names = "--out",
      paramLabel = "FILE",
      description =
          "Write the verdict to FILE instead of standard output (a schedule job's output).")
  Path out;

  @Override
  public Integer call() {
    Warehouse warehouse = new Warehouse(BenchlakeHome.fromEnvironment().warehouse());
    var manifest = warehouse.current();
    CommittedFiles.refuse(warehouse.damagedFiles());
    int files = manifest.allFiles().size();
    long unrecorded =
        manifest.allFiles().stream().filter(f -> !manifest.facts().containsKey(f)).count();
    Output.write(
        String.format(
            "%d files of ingest %d match their commit%s.%n",
            files - unrecorded,
            manifest.seq(),
            unrecorded == 0
                ? ""
                : "; "
                    + unrecorded
                    + " committed before hashes were recorded are not checked"
                    + " (`benchlake ingest --rebuild` records them)"),
        out);
    return 0;
  }
}
