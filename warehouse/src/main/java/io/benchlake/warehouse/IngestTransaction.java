package io.benchlake.warehouse;

import io.benchlake.home.DiskSpace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One ingest's or compaction's way into the warehouse ({@link Warehouse#beginIngest}, {@link
 * Warehouse#beginCompaction}): its files are written under {@link #staging()}, and {@link #commit}
 * moves the finished ones into the tables, writes {@code _ingest/SEQ.json}, then atomically
 * replaces {@code _ingest/CURRENT}. Until then readers see none of them, and {@link #discard} (or
 * the next ingest's begin) removes them. A commit whose sequence number is not above the committed
 * one (another commit took it since this one began) is refused before anything moves.
 */
public final class IngestTransaction {
  private final Warehouse warehouse;
  private final long seq;
  private final Path staging;
  private final boolean stagingDone;
  private final int leftoversRemoved;

  /**
   * {@code stagingDone}: the staging directory is this commit's alone and goes with it (a follow
   * job's goes on being written to, and stays).
   */
  IngestTransaction(
      Warehouse warehouse, long seq, Path staging, boolean stagingDone, int leftoversRemoved) {
    this.warehouse = warehouse;
    this.seq = seq;
    this.staging = staging;
    this.stagingDone = stagingDone;
    this.leftoversRemoved = leftoversRemoved;
  }

  /** The sequence number this ingest commits as. */
  public long seq() {
    return seq;
  }

  /** Where this ingest writes its files, one directory per table. */
  public Path staging() {
    return staging;
  }

  /** How many files of an earlier ingest that did not finish were removed at the begin. */
  public int leftoversRemoved() {
    return leftoversRemoved;
  }

  /** Removes what this ingest staged (and any other uncommitted file): a failed attempt. */
  public void discard() {
    warehouse.removeUncommitted();
  }

  /** Commits the staged files with the offsets reached. */
  public Manifest commit(Manifest.Progress progress) {
    return commit(progress, Set.of());
  }

  /**
   * A commit of a job that goes on writing here (ingest --follow, at each completed checkpoint):
   * the files finished by now, with the offsets reached, as the next sequence number that is at
   * least {@code rowsSeq}, the number their rows carry (this ingest's first or a later one: the job
   * commits again, and compaction may commit in between). The staging directory stays for the files
   * still being written.
   */
  public Manifest commitSoFar(long rowsSeq, Manifest.Progress progress) {
    if (rowsSeq < this.seq) {
      throw new IllegalArgumentException(
          "rows of " + rowsSeq + " would come before this ingest's first commit, " + this.seq);
    }
    long next = Math.max(warehouse.current().seq() + 1, rowsSeq);
    return new IngestTransaction(warehouse, next, staging, false, 0).commit(progress, Set.of());
  }

  /**
   * Commits the staged files with the offsets reached; the manifest no longer lists {@code removed}
   * (files relative to the root, replaced by compacted ones), which are deleted once it is
   * committed (a crash before that leaves them to {@link Warehouse#removeUncommitted}). Hidden
   * files (Flink's in-progress parts) are not committed.
   */
  public Manifest commit(Manifest.Progress progress, Set<String> removed) {
    return commit(progress, removed, Map.of());
  }

  /**
   * As {@link #commit(Manifest.Progress, Set)}, and the manifest records {@code facts} for files
   * committed before (a legacy warehouse's files, hashed as they are now: {@code verify --record}).
   */
  Manifest commit(
      Manifest.Progress progress, Set<String> removed, Map<String, Manifest.FileFacts> facts) {
    Path root = warehouse.root();
    Manifest current = warehouse.current();
    if (seq <= current.seq()) {
      // _ingest/SEQ.json of a commit readers may be on is never written again
      throw new IllegalStateException(
          "commit "
              + seq
              + " refused in "
              + root
              + ": the warehouse has committed "
              + current.seq()
              + " since it began (sequence numbers only go up)");
    }
    try {
      Map<String, List<String>> added = moveIntoTables(root);
      Map<String, Manifest.FileFacts> addedFacts =
          new java.util.TreeMap<>(CommittedFiles.factsOf(root, added));
      addedFacts.putAll(facts);
      Manifest next = current.next(seq, progress, added, addedFacts, removed);
      Path ingestDir = warehouse.ingestDir();
      Files.createDirectories(ingestDir);
      Warehouse.writeAtomically(
          ingestDir.resolve(seq + ".json"),
          ManifestSeal.seal(Warehouse.JSON.writeValueAsBytes(next)));
      Warehouse.writeAtomically(
          ingestDir.resolve("CURRENT"), (seq + "\n").getBytes(StandardCharsets.UTF_8));
      pruneManifests();
      for (String file : removed) {
        Files.deleteIfExists(root.resolve(file));
      }
      // An ingest that read only transaction markers wrote no file, nor made its staging dir.
      if (stagingDone && Files.isDirectory(staging.getParent())) {
        Warehouse.deleteTree(staging);
        try (Stream<Path> left = Files.list(staging.getParent())) {
          if (left.findAny().isEmpty()) {
            Files.delete(staging.getParent());
          }
        }
      }
      return next;
    } catch (IOException e) {
      if (DiskSpace.isFull(e)) {
        warehouse.removeUncommitted(); // CURRENT still names the last commit: what it lists stays
        DiskSpace.refuseIfFull(e, root);
      }
      throw new UncheckedIOException("cannot commit ingest " + seq + " in " + root, e);
    }
  }

  /** Moves the finished staged files into their tables; the moved ones by table, root-relative. */
  private Map<String, List<String>> moveIntoTables(Path root) throws IOException {
    Map<String, List<String>> added = new LinkedHashMap<>();
    for (WarehouseTable table : WarehouseTable.values()) {
      Path tableStaging = staging.resolve(table.dirName());
      List<String> files = new ArrayList<>();
      if (Files.isDirectory(tableStaging)) {
        try (Stream<Path> walk = Files.walk(tableStaging)) {
          for (Path file :
              walk.filter(Files::isRegularFile).filter(Warehouse::isDataFile).toList()) {
            Path target =
                root.resolve(table.dirName()).resolve(tableStaging.relativize(file).toString());
            Files.createDirectories(target.getParent());
            Files.move(file, target, StandardCopyOption.ATOMIC_MOVE);
            files.add(root.relativize(target).toString());
          }
        }
      }
      added.put(table.dirName(), files);
    }
    return added;
  }

  /**
   * Deletes manifests older than the last {@link Warehouse#MANIFESTS_KEPT}: only CURRENT's is read,
   * and a follower commits one every few seconds.
   */
  private void pruneManifests() throws IOException {
    try (Stream<Path> files = Files.list(warehouse.ingestDir())) {
      for (Path f : files.toList()) {
        String name = f.getFileName().toString();
        if (name.matches("\\d+\\.json")
            && Long.parseLong(name.replace(".json", "")) <= seq - Warehouse.MANIFESTS_KEPT) {
          Files.deleteIfExists(f);
        }
      }
    }
  }
}
