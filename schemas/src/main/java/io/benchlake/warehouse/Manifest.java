package io.benchlake.warehouse;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one committed ingest left: the Kafka offsets it reached (per partition of the events topic)
 * and every file of every table, relative to the warehouse root.
 */
public record Manifest(
    long seq, Instant committedAt, Map<Integer, Long> offsets, Map<String, List<String>> files) {

  public Manifest {
    offsets = new TreeMap<>(offsets);
    Map<String, List<String>> copy = new LinkedHashMap<>();
    files.forEach((table, list) -> copy.put(table, List.copyOf(list)));
    files = copy;
  }

  public static Manifest empty() {
    return new Manifest(0, Instant.EPOCH, Map.of(), Map.of());
  }

  public List<String> files(WarehouseTable table) {
    return files.getOrDefault(table.dirName(), List.of());
  }

  /** This manifest's files plus {@code added}, under a new sequence number and offsets. */
  public Manifest next(
      long newSeq, Map<Integer, Long> newOffsets, Map<String, List<String>> added) {
    Map<String, List<String>> all = new LinkedHashMap<>();
    for (WarehouseTable table : WarehouseTable.values()) {
      List<String> list = new ArrayList<>(files(table));
      list.addAll(added.getOrDefault(table.dirName(), List.of()));
      all.put(table.dirName(), list);
    }
    return new Manifest(newSeq, Instant.now(), newOffsets, all);
  }
}
