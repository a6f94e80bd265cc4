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
 * still open), when it started, every file of every table (relative to the warehouse root) with its
 * size and content hash, the event log the offsets belong to, how many events of that log lie below
 * {@code readUpTo} (null when not known), the last event below {@code readUpTo} in each partition
 * (its fingerprint: a log that holds another event there is not this log), and the start offsets of
 * the log that a rebuild accepted (absent: 0, the log kept whole). Manifests written before a field
 * existed read it as null (the log, the events, a file's facts, the fingerprints) or as the offsets
 * and the commit time.
 */
public record Manifest(
    long seq,
    Instant committedAt,
    Map<Integer, Long> offsets,
    Map<Integer, Long> readUpTo,
    Instant ingestStartedAt,
    Map<String, List<String>> files,
    Map<String, FileFacts> facts,
    LogIdentity log,
    Long events,
    Map<Integer, Fingerprint> fingerprints,
    Map<Integer, Long> logStart) {

  public Manifest {
    offsets = new TreeMap<>(offsets);
    readUpTo = readUpTo == null ? new TreeMap<>(offsets) : new TreeMap<>(readUpTo);
    ingestStartedAt = ingestStartedAt == null ? committedAt : ingestStartedAt;
    Map<String, List<String>> copy = new LinkedHashMap<>();
    files.forEach((table, list) -> copy.put(table, List.copyOf(list)));
    files = copy;
    facts = facts == null ? Map.of() : new TreeMap<>(facts);
    fingerprints = fingerprints == null ? null : new TreeMap<>(fingerprints);
    logStart = logStart == null ? Map.of() : new TreeMap<>(logStart);
  }

  /** A manifest as written before fingerprints and accepted log starts were recorded. */
  public Manifest(
      long seq,
      Instant committedAt,
      Map<Integer, Long> offsets,
      Map<Integer, Long> readUpTo,
      Instant ingestStartedAt,
      Map<String, List<String>> files,
      Map<String, FileFacts> facts,
      LogIdentity log,
      Long events) {
    this(
        seq,
        committedAt,
        offsets,
        readUpTo,
        ingestStartedAt,
        files,
        facts,
        log,
        events,
        null,
        null);
  }

  public static Manifest empty() {
    return new Manifest(
        0, Instant.EPOCH, Map.of(), Map.of(), null, Map.of(), null, null, 0L, Map.of(), Map.of());
  }

  /**
   * The last event below an offset of one partition: its offset, its event id (null when it is not
   * an event) and the SHA-256 of its bytes, in hex.
   */
  public record Fingerprint(long offset, String eventId, String sha256) {}

  public List<String> files(WarehouseTable table) {
    return files.getOrDefault(table.dirName(), List.of());
  }

  /** Every committed file, relative to the root, over all tables. */
  public List<String> allFiles() {
    return files.values().stream().flatMap(List::stream).toList();
  }

  /** A committed file's size in bytes and the SHA-256 of its content, in hex. */
  public record FileFacts(long size, String sha256) {}

  /**
   * The event log offsets belong to: the Kafka cluster's id and the events topic's id, which a new
   * broker directory or another cluster does not share even when its topic has the same name.
   */
  public record LogIdentity(String clusterId, String topicId) {
    @Override
    public String toString() {
      return "cluster " + clusterId + ", topic id " + topicId;
    }
  }

  /**
   * How far one ingest got: where the next starts, what it read, when it started, the log it read
   * (null: the manifest's own), how many events of it lie below {@code readUpTo} (null: unknown),
   * the last event below {@code readUpTo} per partition (null: unknown) and the log start a rebuild
   * accepted (null: the manifest's own).
   */
  public record Progress(
      Map<Integer, Long> offsets,
      Map<Integer, Long> readUpTo,
      Instant started,
      LogIdentity log,
      Long events,
      Map<Integer, Fingerprint> fingerprints,
      Map<Integer, Long> logStart) {
    public Progress(Map<Integer, Long> offsets, Map<Integer, Long> readUpTo, Instant started) {
      this(offsets, readUpTo, started, null, null, null, null);
    }

    /** An ingest that read up to where the next one starts (nothing held back), started now. */
    public static Progress at(Map<Integer, Long> offsets) {
      return new Progress(offsets, offsets, Instant.now());
    }
  }

  /**
   * This manifest's files less {@code removed} plus {@code added} (with their facts), under a new
   * sequence number and the progress of the ingest that made it.
   */
  public Manifest next(
      long newSeq,
      Progress progress,
      Map<String, List<String>> added,
      Map<String, FileFacts> addedFacts,
      Set<String> removed) {
    Map<String, List<String>> all = new LinkedHashMap<>();
    for (WarehouseTable table : WarehouseTable.values()) {
      List<String> list = new ArrayList<>(files(table));
      list.removeAll(removed);
      list.addAll(added.getOrDefault(table.dirName(), List.of()));
      all.put(table.dirName(), list);
    }
    Map<String, FileFacts> allFacts = new TreeMap<>(facts);
    allFacts.keySet().removeAll(removed);
    allFacts.putAll(addedFacts);
    return new Manifest(
        newSeq,
        Instant.now(),
        progress.offsets(),
        progress.readUpTo(),
        progress.started(),
        all,
        allFacts,
        progress.log() != null ? progress.log() : log,
        progress.events(),
        progress.fingerprints(),
        progress.logStart() != null ? progress.logStart() : logStart);
  }

  /** The progress this manifest recorded, for a commit that reads nothing new (compaction). */
  public Progress progress() {
    return new Progress(offsets, readUpTo, ingestStartedAt, log, events, fingerprints, logStart);
  }
}
