package io.benchlake.cli;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.CommittedFiles;
import io.benchlake.warehouse.CurrentCommit;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** benchlake verify: every committed warehouse file against the size and hash of its commit. */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description = {
      "Check the committed manifest against its own checksum and every committed warehouse file"
          + " against the size and SHA-256 recorded when it was committed; a damaged file or"
          + " manifest is named (exit 6) and `benchlake ingest --rebuild` repairs it. A warehouse"
          + " written before hashes were recorded says what is not checked; --record records them."
          + " Needs neither Kafka nor Flink."
    })
final class VerifyCommand implements Callable<Integer> {
  @Mixin OutputFile out;

  @Option(
      names = "--record",
      description =
          "For a warehouse written before hashes were recorded: hash the files that have none as"
              + " they are now, trust them, and commit a manifest that records them and carries"
              + " its own checksum (`ingest --rebuild` rewrites them from the event log instead).")
  boolean record;

  @Override
  public Integer call() throws Exception {
    Warehouse warehouse = new Warehouse(BenchlakeHome.fromEnvironment().warehouse());
    if (record) {
      try (AutoCloseable lock = warehouse.lock()) {
        out.write(recorded(warehouse.recordChecks()));
      }
      return 0;
    }
    CurrentCommit commit = warehouse.commit();
    Manifest manifest = commit.manifest(); // a changed manifest is refused here, exit 6
    CommittedFiles.refuse(warehouse.damagedFiles());
    warehouse.refuseStrippedManifest(); // "not checked" only for what was written before hashes
    int files = manifest.allFiles().size();
    long unrecorded =
        manifest.allFiles().stream().filter(f -> !manifest.facts().containsKey(f)).count();
    boolean manifestUnchecked = manifest.seq() > 0 && !commit.sealed();
    out.write(
        String.format(
            "%d files of ingest %d match their commit%s%s.%n",
            files - unrecorded,
            manifest.seq(),
            unrecorded == 0
                ? ""
                : "; " + unrecorded + " committed before hashes were recorded are not checked",
            manifestUnchecked
                ? (unrecorded == 0 ? "; " : ", nor ")
                    + "the manifest, written before manifests carried a checksum"
                    + " (`benchlake verify --record` records them as they are now; `benchlake"
                    + " ingest --rebuild` rewrites them from the event log)"
                : unrecorded == 0
                    ? ""
                    : " (`benchlake verify --record` records them as they are now; `benchlake"
                        + " ingest --rebuild` rewrites them from the event log)"));
    return 0;
  }

  private static String recorded(Warehouse.Recorded r) {
    if (r.seq() == 0) {
      return "Nothing to record: every committed file has its hash and the manifest its checksum."
          + System.lineSeparator();
    }
    return String.format(
        "Recorded the SHA-256 of %d files as they are now (trusted: `benchlake ingest --rebuild`"
            + " rewrites them from the event log instead)%s; ingest %d's manifest carries them"
            + " and its own checksum.%n",
        r.filesHashed(),
        r.manifestSealed() ? "" : " and sealed a manifest that had no checksum",
        r.seq());
  }
}
