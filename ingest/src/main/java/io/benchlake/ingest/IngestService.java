package io.benchlake.ingest;

import io.benchlake.bus.EventLog;
import io.benchlake.ingest.compact.Compaction;
import io.benchlake.ingest.job.DeadLetter;
import io.benchlake.warehouse.Warehouse;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ingest from the event log into the warehouse under its lock: a batch ingest ({@link
 * BatchIngest}), a rebuild ({@link WarehouseRebuild}), or follow mode ({@link FollowIngest} on a
 * MiniCluster kept in this process, batch ingests as the log grows elsewhere), each commit followed
 * by a compaction when one is due.
 */
public final class IngestService {
  private static final Logger LOG = LoggerFactory.getLogger(IngestService.class);

  /** A month partition of a table is compacted into one file above this many files. */
  public static final int DEFAULT_COMPACT_ABOVE = 16;

  /** How long a followed run with open iterations must be silent before they may be abandoned. */
  static final Duration FOLLOW_QUIET = Duration.ofMinutes(1);

  private final FlinkCluster flink;
  private final Compaction compaction;
  private Duration followQuiet = FOLLOW_QUIET;
  private java.util.function.Function<String, FlinkCluster.JobWatch> brokerWatch = BrokerWatch::new;
  private CommitListener listener;

  public IngestService(int parallelism) {
    this(FlinkCluster.perJob(parallelism), DEFAULT_COMPACT_ABOVE);
  }

  public IngestService(int parallelism, int compactAbove) {
    this(FlinkCluster.perJob(parallelism), compactAbove);
  }

  /** Ingests whose jobs run on {@code flink}, compacting partitions above {@code compactAbove}. */
  public IngestService(FlinkCluster flink, int compactAbove) {
    this.flink = flink;
    this.compaction = new Compaction(compactAbove);
  }

  /** Another watch over a running job's broker than {@link BrokerWatch}, for tests. */
  IngestService brokerWatch(java.util.function.Function<String, FlinkCluster.JobWatch> watch) {
    this.brokerWatch = watch;
    return this;
  }

  /** Hears each batch ingest that committed something, once the warehouse lock is released. */
  public IngestService onCommit(CommitListener l) {
    this.listener = l;
    return this;
  }

  /**
   * How long follow mode waits on a silent run before it abandons its open iterations ({@link
   * #FOLLOW_QUIET} unless set; the tests of abandoned runs set a shorter one).
   */
  public IngestService followQuiet(Duration quiet) {
    this.followQuiet = quiet;
    return this;
  }

  /**
   * What one ingest did: its sequence number, the events it read, those refused, whether there was
   * nothing new, and the files a compaction after it replaced (0: none).
   */
  public record Result(
      long seq, long eventsRead, List<DeadLetter> refused, boolean nothingNew, int filesCompacted) {
    public Result(long seq, long eventsRead, List<DeadLetter> refused, boolean nothingNew) {
      this(seq, eventsRead, refused, nothingNew, 0);
    }
  }

  public Result ingest(String bootstrap, Warehouse warehouse) throws Exception {
    return ingest(bootstrap, warehouse, false);
  }

  /**
   * One batch ingest under the warehouse lock; with {@code rebuild}, the whole log is replayed from
   * offset 0 into a new warehouse that replaces this one once it is complete ({@link
   * WarehouseRebuild}).
   */
  public Result ingest(String bootstrap, Warehouse warehouse, boolean rebuild) throws Exception {
    return ingest(bootstrap, warehouse, rebuild, false);
  }

  /**
   * A batch ingest of the few events a command just published (the alert events of an evaluation, a
   * triage): when the log holds at most {@link LocalFlink#SMALL_JOB} new events, its job's stages
   * exchange records pipelined on a MiniCluster in this process ({@link FlinkCluster#environment(
   * boolean)}), which a job of a few records needs no more than that, and without the hybrid
   * shuffle's release race that fails such tiny jobs most.
   */
  public Result ingestFew(String bootstrap, Warehouse warehouse) throws Exception {
    return ingest(bootstrap, warehouse, false, false, true);
  }

  /**
   * As {@link #ingest(String, Warehouse, boolean)}; with {@code acceptLogStart} (a rebuild only), a
   * log whose start offsets rose above 0 (events deleted on purpose) is rebuilt from what it holds,
   * and the new warehouse holds the log to that start.
   */
  public Result ingest(
      String bootstrap, Warehouse warehouse, boolean rebuild, boolean acceptLogStart)
      throws Exception {
    return ingest(bootstrap, warehouse, rebuild, acceptLogStart, false);
  }

  private Result ingest(
      String bootstrap, Warehouse warehouse, boolean rebuild, boolean acceptLogStart, boolean few)
      throws Exception {
    if (acceptLogStart && !rebuild) {
      throw new io.benchlake.home.BadInputException(
          "--accept-log-start goes with --rebuild: the new start is accepted by rebuilding the"
              + " warehouse from what the log holds");
    }
    BrokerWatch.refuseIfFaulted(bootstrap);
    long before;
    Result r;
    try (AutoCloseable lock = warehouse.lock()) {
      if (rebuild) {
        return WarehouseRebuild.run(
            bootstrap,
            warehouse,
            acceptLogStart,
            (w, base) -> ingestAndCompact(bootstrap, w, base, false));
      }
      before = warehouse.currentSeq().orElse(0L);
      r = ingestAndCompact(bootstrap, warehouse, Map.of(), few);
    } catch (org.apache.kafka.common.KafkaException | io.benchlake.bus.BusException e) {
      // the log's checks ask the broker first: a broker that stopped on a fault, or went away,
      // is said as such whichever question met it
      throw BrokerWatch.goneOr(bootstrap, e);
    }
    if (listener != null && !r.nothingNew()) {
      listener.committed(before, r);
    }
    return r;
  }

  /**
   * Follow mode: holds the warehouse and ingests until {@code stop} says so, {@code each} hearing
   * every commit that read something. On a MiniCluster kept in this process it runs one streaming
   * job, checkpointed every {@code poll}, and commits at each completed checkpoint; on a Flink
   * cluster of its own (--flink-rest) it runs a batch ingest each time the log's end moves. Either
   * way every commit is one a later batch ingest continues from.
   */
  public void follow(
      String bootstrap,
      Warehouse warehouse,
      Duration poll,
      BooleanSupplier stop,
      Consumer<Result> each)
      throws Exception {
    try (AutoCloseable lock = warehouse.lock()) {
      if (flink instanceof LocalSharedCluster shared) {
        new FollowIngest(shared, followQuiet, (r, refused) -> compacted(warehouse, r, refused))
            .run(bootstrap, warehouse, poll, stop, each);
        return;
      }
      Map<Integer, Long> seen = Map.of();
      while (!stop.getAsBoolean()) {
        Map<Integer, Long> end = EventLog.endOffsets(bootstrap);
        if (!end.equals(seen)) {
          Result r = ingestAndCompact(bootstrap, warehouse, Map.of(), false);
          seen = end;
          if (!r.nothingNew()) {
            each.accept(r);
          }
        }
        Thread.sleep(poll.toMillis());
      }
    }
  }

  /** A commit's result with the refused events and, when one ran after it, the compaction. */
  private Result compacted(Warehouse warehouse, Result r, List<DeadLetter> refused)
      throws IOException {
    Compaction.Result c = compaction.compact(warehouse);
    if (c.filesReplaced() > 0) {
      LOG.info(
          "compaction {} replaced {} files by {}", c.seq(), c.filesReplaced(), c.filesWritten());
    }
    return new Result(
        c.filesReplaced() > 0 ? c.seq() : r.seq(),
        r.eventsRead(),
        refused,
        false,
        c.filesReplaced());
  }

  private Result ingestAndCompact(
      String bootstrap, Warehouse warehouse, Map<Integer, Long> base, boolean few)
      throws Exception {
    Result r = new BatchIngest(flink, brokerWatch, base, few).run(bootstrap, warehouse);
    return r.nothingNew() ? r : compacted(warehouse, r, r.refused());
  }

  /** Says that files of an ingest that did not finish, which no manifest listed, were removed. */
  static void leftoversRemoved(int removed) {
    if (removed > 0) {
      LOG.warn(
          "removed {} files no committed ingest listed (an earlier ingest did not finish)",
          removed);
    }
  }
}
