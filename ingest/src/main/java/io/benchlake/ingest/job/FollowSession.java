package io.benchlake.ingest.job;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * What the operators of a follow job (a streaming job on a MiniCluster in this process) tell the
 * process that commits: for each checkpoint, how far the readers got in each partition and where
 * the iterations still open begin, and which checkpoints completed. Found by its id, which the
 * operators carry; it lives only as long as the job.
 */
public final class FollowSession {
  private static final Map<String, FollowSession> SESSIONS = new ConcurrentHashMap<>();

  private final String id;
  private final Map<Long, Map<Integer, Long>> positions = new ConcurrentHashMap<>();
  private final Map<Long, Map<Integer, Long>> open = new ConcurrentHashMap<>();
  private final Map<Long, Map<Integer, Long>> counted = new ConcurrentHashMap<>();
  private final BlockingQueue<Long> completed = new LinkedBlockingQueue<>();
  private volatile LiveConflicts conflicts;

  private FollowSession(String id) {
    this.id = id;
  }

  /** A new session under {@code id}. */
  public static FollowSession start(String id) {
    FollowSession session = new FollowSession(id);
    if (SESSIONS.putIfAbsent(id, session) != null) {
      throw new IllegalStateException("follow session " + id + " exists");
    }
    return session;
  }

  /** The session an operator of the job belongs to. */
  static FollowSession of(String id) {
    FollowSession session = SESSIONS.get(id);
    if (session == null) {
      throw new IllegalStateException(
          "no follow session " + id + ": a follow job runs only in the process that started it");
    }
    return session;
  }

  public String id() {
    return id;
  }

  /** The job's judge of conflicts and acknowledgements, set before the job is submitted. */
  public FollowSession conflicts(LiveConflicts judge) {
    this.conflicts = judge;
    return this;
  }

  /** The job's judge of conflicts and acknowledgements; null when none was set. */
  LiveConflicts conflicts() {
    return conflicts;
  }

  /** A reader's next offsets at {@code checkpoint}, per partition it has read from. */
  void positions(long checkpoint, Map<Integer, Long> next) {
    Map<Integer, Long> all = positions.computeIfAbsent(checkpoint, k -> new ConcurrentHashMap<>());
    next.forEach((partition, offset) -> all.merge(partition, offset, Math::max));
  }

  /**
   * A reader's count, per partition it reads, of the records it read at or past where the previous
   * ingest read up to, from the job's start to {@code checkpoint}.
   */
  void counted(long checkpoint, Map<Integer, Long> records) {
    Map<Integer, Long> all = counted.computeIfAbsent(checkpoint, k -> new ConcurrentHashMap<>());
    records.forEach((partition, n) -> all.merge(partition, n, Math::max));
  }

  /** Where the iterations an aggregate holds open at {@code checkpoint} begin, per partition. */
  void open(long checkpoint, Map<Integer, Long> earliest) {
    Map<Integer, Long> all = open.computeIfAbsent(checkpoint, k -> new ConcurrentHashMap<>());
    earliest.forEach((partition, offset) -> all.merge(partition, offset, Math::min));
  }

  void completed(long checkpoint) {
    completed.add(checkpoint);
  }

  /** The next completed checkpoint, or null when none completed within {@code millis}. */
  public Long nextCompleted(long millis) throws InterruptedException {
    return completed.poll(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
  }

  /**
   * What the readers had read at a completed checkpoint (partitions they had not read from yet are
   * absent), and where the open iterations began; the entries of that and earlier checkpoints are
   * then forgotten.
   */
  public Progress take(long checkpoint) {
    Progress p =
        new Progress(
            new TreeMap<>(positions.getOrDefault(checkpoint, Map.of())),
            new TreeMap<>(open.getOrDefault(checkpoint, Map.of())),
            new TreeMap<>(counted.getOrDefault(checkpoint, Map.of())));
    positions.keySet().removeIf(k -> k <= checkpoint);
    open.keySet().removeIf(k -> k <= checkpoint);
    counted.keySet().removeIf(k -> k <= checkpoint);
    return p;
  }

  /**
   * Per partition: the offset after the last event read, the first of an open iteration, and how
   * many records the job read at or past the previous ingest's end since it started.
   */
  public record Progress(
      Map<Integer, Long> next, Map<Integer, Long> openFrom, Map<Integer, Long> counted) {}

  /** Ends the session. */
  public void close() {
    SESSIONS.remove(id);
  }
}
