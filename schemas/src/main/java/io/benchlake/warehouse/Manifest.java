package io.benchlake.warehouse;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What one committed ingest left: the Kafka offsets the next ingest starts from (per partition of
 * the events topic), the offsets this one read up to (past {@code offsets} where an iteration was
 * still open), when it started, and every file of every table, relative to the warehouse root.
 * Manifests written before {@code readUpTo} and {@code ingestStartedAt} existed read them as the
 * offsets and the commit time.
 */
public record Manifest(
    long seq,
    Instant committedAt,
    Map<Integer, Long> offsets,
    Map<Integer, Long> readUpTo,
    Instant ingestStartedAt,
    Map<String, List<String>> files) {

  public Manifest {
    offsets = new TreeMap<>(offsets);
    readUpTo = readUpTo == null ? new TreeMap<>(offsets) : new TreeMap<>(readUpTo);
    ingestStartedAt = ingestStartedAt == null ? committedAt : ingestStartedAt;
    Map<String, List<String>> copy = new LinkedHashMap<>();
    files.forEach((table, list) -> copy.put(table, List.copyOf(list)));
    files = copy;
  }

  public static Manifest empty() {
    return new Manifest(0, Instant.EPOCH, Map.of(), Map.of(), null, Map.of());
  }

  public List<String> files(WarehouseTable table) {
    return files.getOrDefault(table.dirName(), List.of());
  }

  /** How far one ingest got: where the next starts, what it read, and when it started. */
  public record Progress(
      Map<Integer, Long> offsets, Map<Integer, Long> readUpTo, Instant started) {}

  /**
   * This manifest's files less {@code removed} plus {@code added}, under a new sequence number and
   * the progress of the ingest that made it.
   */
  public Manifest next(
      long newSeq, Progress progress, Map<String, List<String>> added, Set<String> removed) {
    Map<String, List<String>> all = new LinkedHashMap<>();
    for (WarehouseTable table : WarehouseTable.values()) {
      List<String> list = new ArrayList<>(files(table));
      list.removeAll(removed);
      list.addAll(added.getOrDefault(table.dirName(), List.of()));
      all.put(table.dirName(), list);
    }
    return new Manifest(
        newSeq, Instant.now(), progress.offsets(), progress.readUpTo(), progress.started(), all);
  }

  /** The progress this manifest recorded, for a commit that reads nothing new (compaction). */
  public Progress progress() {
    return new Progress(offsets, readUpTo, ingestStartedAt);
  }
}
