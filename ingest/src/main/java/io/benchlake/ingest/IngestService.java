package io.benchlake.ingest;

import io.benchlake.bus.EventLog;
import io.benchlake.bus.Topics;
import io.benchlake.ingest.compact.Compaction;
import io.benchlake.ingest.job.DeadLetter;
import io.benchlake.ingest.job.EventRouter;
import io.benchlake.ingest.job.FollowSession;
import io.benchlake.ingest.job.IngestJob;
import io.benchlake.ingest.job.RawEvent;
import io.benchlake.ingest.job.RawEventDeserializer;
import io.benchlake.ingest.job.RefusedEvent;
import io.benchlake.schemas.EventIds;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Batch ingest: from the offsets the last committed ingest reached to the end of the log at start,
 * on a local Flink MiniCluster, committed through the warehouse manifest.
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

  /** A shorter quiet period than {@link #FOLLOW_QUIET}, for tests of abandoned runs. */
  IngestService followQuiet(Duration quiet) {
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
    try (AutoCloseable lock = warehouse.lock()) {
      if (rebuild) {
        return WarehouseRebuild.run(bootstrap, warehouse, w -> ingestAndCompact(bootstrap, w));
      }
      return ingestAndCompact(bootstrap, warehouse);
    } catch (org.apache.kafka.common.KafkaException e) {
      throw BrokerWatch.goneOr(bootstrap, e);
    }
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
      if (flink.isLocalShared()) {
        followStreaming(bootstrap, warehouse, poll, stop, each);
        return;
      }
      Map<Integer, Long> seen = Map.of();
      while (!stop.getAsBoolean()) {
        Map<Integer, Long> end = EventLog.endOffsets(bootstrap);
        if (!end.equals(seen)) {
          Result r = ingestAndCompact(bootstrap, warehouse);
          seen = end;
          if (!r.nothingNew()) {
            each.accept(r);
          }
        }
        Thread.sleep(poll.toMillis());
      }
    }
  }

  /**
   * The streaming follow job: reads from the committed offsets on, and at each completed checkpoint
   * commits the files finished by then with the offsets the readers had reached, held back to the
   * first event of any iteration still open. Stopping takes one last checkpoint and commits it.
   */
  private void followStreaming(
      String bootstrap,
      Warehouse warehouse,
      Duration poll,
      BooleanSupplier stop,
      Consumer<Result> each)
      throws Exception {
    removeLeftovers(warehouse);
    Manifest current = warehouse.current();
    LogCheck.check(
        current, LogCheck.identity(bootstrap), EventLog.endOffsets(bootstrap), bootstrap);
    long first = current.seq() + 1;
    Path staging = warehouse.root().resolve("_staging").resolve("follow-" + first);
    Map<Integer, Long> start = new TreeMap<>(current.offsets());
    Map<TopicPartition, Long> starting = new HashMap<>();
    Map<Integer, Long> end = EventLog.endOffsets(bootstrap);
    for (Integer partition : end.keySet()) {
      start.putIfAbsent(partition, 0L);
      starting.put(new TopicPartition(Topics.EVENTS, partition), start.get(partition));
    }
    Instant started = Instant.now();
    FollowSession session = FollowSession.start("follow-" + first + "-" + EventIds.random());
    try {
      StreamExecutionEnvironment env =
          flink.streamingEnvironment(poll.compareTo(MIN_CHECKPOINT) < 0 ? MIN_CHECKPOINT : poll);
      int readers = Math.min(flink.parallelism(), end.size());
      DataStream<RawEvent> events =
          env.fromSource(
                  kafkaSource(bootstrap, starting, null),
                  WatermarkStrategy.noWatermarks(),
                  "kafka: " + Topics.EVENTS)
              .setParallelism(readers);
      IngestJob.buildFollow(
          events,
          readers,
          new IngestJob.Batch(first, started, current.readUpTo(), previousStart(current)),
          session.id(),
          staging,
          deadLetters(bootstrap),
          followQuiet);
      JobID job = flink.submit(env, "benchlake ingest --follow from " + first);
      Commits commits = new Commits(warehouse, staging, first, start, current.readUpTo(), started);
      Map<Integer, Long> dlqSeen = EventLog.endOffsets(bootstrap, Topics.DLQ);
      while (!stop.getAsBoolean()) {
        Long checkpoint = session.nextCompleted(200);
        if (checkpoint != null) {
          Optional<Result> r = commits.commit(checkpoint, session.take(checkpoint));
          if (r.isPresent()) {
            // The dead-letter topic is read only when it grew: most commits refuse nothing.
            Map<Integer, Long> dlqEnd = EventLog.endOffsets(bootstrap, Topics.DLQ);
            List<DeadLetter> refused =
                dlqEnd.equals(dlqSeen) ? List.of() : refusedSince(bootstrap, dlqSeen);
            dlqSeen = dlqEnd;
            each.accept(compacted(warehouse, r.get(), refused));
          }
        } else if (flink.status(job).isGloballyTerminalState()) {
          Throwable why = flink.failure(job).orElse(null);
          throw new IllegalStateException(
              "the follow job stopped: " + (why == null ? "no reason given" : why.getMessage()),
              why);
        }
      }
      stopFollowing(job, commits, session, each);
    } finally {
      session.close();
    }
  }

  /**
   * Takes a last checkpoint and commits it, then cancels the job. Stopping as the process ends
   * (Ctrl-C) may find Flink or the embedded broker already going down; the commits made stand
   * whatever fails here, and the next ingest reads on from the last of them.
   */
  private void stopFollowing(
      JobID job, Commits commits, FollowSession session, Consumer<Result> each) {
    try {
      long last = flink.checkpoint(job);
      commits.commit(last, session.take(last)).ifPresent(each);
    } catch (Exception e) {
      LOG.warn("no last checkpoint at stop: {}", e.toString());
    }
    try {
      flink.cancel(job);
    } catch (Exception e) {
      LOG.warn("the follow job did not cancel cleanly: {}", e.toString());
    }
  }

  /** Checkpoints closer together than this would commit more often than readers look. */
  private static final Duration MIN_CHECKPOINT = Duration.ofMillis(500);

  /**
   * A follow job's commits, one per completed checkpoint that read something: sequence numbers at
   * least those its rows carry (the first plus the checkpoint before them), offsets as far as the
   * readers got but not past an open iteration's first event.
   */
  private static final class Commits {
    private final Warehouse warehouse;
    private final Path staging;
    private final Map<Integer, Long> next;
    private final Map<Integer, Long> readUpTo;
    private final Instant started;
    private final long first;
    private long lastCheckpoint;

    Commits(
        Warehouse warehouse,
        Path staging,
        long first,
        Map<Integer, Long> start,
        Map<Integer, Long> readUpTo,
        Instant started) {
      this.warehouse = warehouse;
      this.staging = staging;
      this.next = new TreeMap<>(start);
      this.readUpTo = new TreeMap<>(readUpTo);
      this.started = started;
      this.first = first;
    }

    Optional<Result> commit(long checkpoint, FollowSession.Progress progress) {
      if (checkpoint <= lastCheckpoint) {
        return Optional.empty(); // each reader hears of a completed checkpoint
      }
      lastCheckpoint = checkpoint;
      long read = 0;
      for (var e : progress.next().entrySet()) {
        read += Math.max(0, e.getValue() - next.getOrDefault(e.getKey(), 0L));
        next.merge(e.getKey(), e.getValue(), Math::max);
        readUpTo.merge(e.getKey(), e.getValue(), Math::max);
      }
      if (read == 0 && !hasFinishedFiles()) {
        return Optional.empty();
      }
      Map<Integer, Long> offsets = new TreeMap<>(next);
      progress.openFrom().forEach((p, o) -> offsets.merge(p, o, Math::min));
      long seq = Math.max(warehouse.current().seq() + 1, first + checkpoint - 1);
      warehouse.commitFollowing(seq, staging, new Manifest.Progress(offsets, readUpTo, started));
      LOG.info("follow commit {} (checkpoint {}) read {} events", seq, checkpoint, read);
      return Optional.of(new Result(seq, read, List.of(), false));
    }

    private boolean hasFinishedFiles() {
      if (!Files.isDirectory(staging)) {
        return false;
      }
      try (Stream<Path> walk = Files.walk(staging)) {
        return walk.anyMatch(
            f -> Files.isRegularFile(f) && !f.getFileName().toString().startsWith("."));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
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

  private Result ingestAndCompact(String bootstrap, Warehouse warehouse) throws Exception {
    Result r = ingestLocked(bootstrap, warehouse);
    return r.nothingNew() ? r : compacted(warehouse, r, r.refused());
  }

  /** Files of an ingest that did not finish, which no manifest lists. */
  private static void removeLeftovers(Warehouse warehouse) {
    int removed = warehouse.removeUncommitted();
    if (removed > 0) {
      LOG.warn(
          "removed {} files no committed ingest listed (an earlier ingest did not finish)",
          removed);
    }
  }

  private Result ingestLocked(String bootstrap, Warehouse warehouse) throws Exception {
    removeLeftovers(warehouse);
    Manifest current = warehouse.current();
    Map<Integer, Long> end = EventLog.endOffsets(bootstrap);
    Manifest.LogIdentity log =
        LogCheck.check(current, LogCheck.identity(bootstrap), end, bootstrap);
    Map<TopicPartition, Long> starting = new HashMap<>();
    Map<TopicPartition, Long> stopping = new HashMap<>();
    long pending = 0;
    for (var e : end.entrySet()) {
      long from = current.offsets().getOrDefault(e.getKey(), 0L);
      TopicPartition tp = new TopicPartition(Topics.EVENTS, e.getKey());
      starting.put(tp, from);
      stopping.put(tp, e.getValue());
      pending += Math.max(0, e.getValue() - from);
    }
    if (pending == 0 || (pending <= MARKERS_AT_MOST && onlyMarkers(bootstrap, current))) {
      return new Result(current.seq(), 0, List.of(), true);
    }
    long seq = current.seq() + 1;
    Instant started = Instant.now();
    Map<Integer, Long> from = new TreeMap<>();
    starting.forEach((tp, offset) -> from.put(tp.partition(), offset));
    IngestJob.Batch batch =
        new IngestJob.Batch(
            seq,
            started,
            current.readUpTo(),
            previousStart(current),
            ContentConflicts.find(bootstrap, from, end));
    Path openDir = warehouse.staging(seq).resolve("_open");
    Map<Integer, Long> dlqBefore = EventLog.endOffsets(bootstrap, Topics.DLQ);
    Long read = null;
    for (int attempt = 1; read == null; attempt++) {
      try {
        read = runJob(bootstrap, warehouse, batch, starting, stopping, openDir);
      } catch (Exception e) {
        IngestFailures.translate(e, warehouse, seq, neededBytes(current, pending));
        if (attempt >= JOB_ATTEMPTS || !FlinkCluster.isReleaseRace(e)) {
          throw e;
        }
        LOG.warn(
            "ingest {}: Flink released a result partition before its producer finished (a race"
                + " of the hybrid shuffle); running the job again, attempt {}",
            seq,
            attempt + 1);
        warehouse.removeUncommitted(); // what the failed attempt staged
      }
    }
    List<DeadLetter> refused = refusedSince(bootstrap, dlqBefore);
    Map<Integer, Long> reached = heldBack(end, openDir);
    // The offsets read past count transaction markers too; the job counted the events.
    long eventsRead = read < 0 ? pending : read;
    warehouse.commit(
        seq, new Manifest.Progress(reached, end, started, log, eventsBelow(current, eventsRead)));
    LOG.info("ingest {} read {} events, refused {}", seq, eventsRead, refused.size());
    return new Result(seq, eventsRead, refused, false);
  }

  /**
   * How many events of the log lie below the end this ingest read to, when known: the count below
   * where it started plus what it read. An ingest that started before the previous one's end (an
   * iteration held back) reads some events again, and the count is no longer known.
   */
  private static Long eventsBelow(Manifest current, long eventsRead) {
    boolean startsWherePreviousEnded = current.offsets().equals(current.readUpTo());
    return current.events() != null && startsWherePreviousEnded
        ? current.events() + eventsRead
        : null;
  }

  /**
   * About how many bytes of Parquet {@code pending} more events make, from what the warehouse's
   * committed files take per event (0 when not known).
   */
  private static long neededBytes(Manifest current, long pending) {
    long bytes = current.facts().values().stream().mapToLong(Manifest.FileFacts::size).sum();
    return current.events() == null || current.events() == 0
        ? 0
        : bytes * pending / current.events();
  }

  /**
   * How many times a batch job runs when it fails by Flink's race between a hybrid-shuffle producer
   * finishing and its consumer releasing the partition ({@link FlinkCluster#isReleaseRace}), which
   * fails a few jobs in a hundred on a busy 2-core machine: the job wrote only to staging, and runs
   * again from the same offsets.
   */
  private static final int JOB_ATTEMPTS = 3;

  /**
   * Builds and runs one batch ingest job from {@code starting} to {@code stopping}, its rows staged
   * for {@code batch}'s commit, and returns how many events it read (-1 when the cluster did not
   * say).
   */
  private Long runJob(
      String bootstrap,
      Warehouse warehouse,
      IngestJob.Batch batch,
      Map<TopicPartition, Long> starting,
      Map<TopicPartition, Long> stopping,
      Path openDir)
      throws Exception {
    long seq = batch.seq();
    String staging = warehouse.staging(seq).toUri().toString();
    StreamExecutionEnvironment env = flink.environment();
    KafkaSource<RawEvent> source = kafkaSource(bootstrap, starting, stopping);
    // One reader per partition; when there are fewer partitions than slots (homes made before the
    // events topic had two), the readers deal the events out so that every slot parses.
    int readers = Math.min(flink.parallelism(), starting.size());
    DataStream<RawEvent> events =
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "kafka: " + Topics.EVENTS)
            .setParallelism(readers);
    IngestJob.build(
        readers < flink.parallelism() ? events.rebalance() : events,
        batch,
        table -> IngestJob.parquetSink(staging, table, seq),
        deadLetters(bootstrap),
        IngestJob.openIterationSink(openDir.toUri().toString()));
    Long read =
        flink
            .execute(env, "benchlake ingest " + seq, brokerWatch.apply(bootstrap))
            .getAccumulatorResult(EventRouter.RECORDS_READ);
    return read == null ? -1L : read;
  }

  /**
   * Up to how many offsets past the last ingest are looked at for events before a job is started: a
   * follow session, or an ingest that read a transactional import, stops before the transaction's
   * commit marker, which takes an offset and holds no event.
   */
  private static final long MARKERS_AT_MOST = 64;

  /** Whether the log holds no committed event past the offsets {@code current} reached. */
  private static boolean onlyMarkers(String bootstrap, Manifest current) {
    return EventLog.read(bootstrap, Topics.EVENTS, current.offsets(), value -> {}) == 0;
  }

  /** How long the broker may hold a batch ingest's fetch that finds no new events, in ms. */
  private static final int BOUNDED_FETCH_WAIT_MS = 20;

  /** The event topic from {@code starting} to {@code stopping}, or on without end when null. */
  private static KafkaSource<RawEvent> kafkaSource(
      String bootstrap, Map<TopicPartition, Long> starting, Map<TopicPartition, Long> stopping) {
    var builder =
        KafkaSource.<RawEvent>builder()
            .setBootstrapServers(bootstrap)
            .setTopics(Topics.EVENTS)
            .setGroupId("benchlake-ingest")
            .setStartingOffsets(OffsetsInitializer.offsets(starting))
            .setDeserializer(new RawEventDeserializer())
            .setProperty("isolation.level", "read_committed")
            .setProperty("commit.offsets.on.checkpoint", "false");
    EventLog.BULK_FETCH.forEach(builder::setProperty);
    if (stopping != null) {
      builder.setBounded(OffsetsInitializer.offsets(stopping));
      // A reader that has read its split to the end closes its consumer, which waits for the
      // fetch still at the broker: the broker holds an empty fetch this long (500 ms by default,
      // a third of a small batch's time). Follow mode keeps the default: its reads never end.
      builder.setProperty("fetch.max.wait.ms", String.valueOf(BOUNDED_FETCH_WAIT_MS));
    }
    return builder.build();
  }

  /** The dead letters written since the DLQ's end offsets were {@code before}. */
  private static List<DeadLetter> refusedSince(String bootstrap, Map<Integer, Long> before) {
    // One per place in the log: a job run again (or a producer retry) refuses an event again.
    Map<String, DeadLetter> refused = new LinkedHashMap<>();
    List<DeadLetter> unreadable = new ArrayList<>();
    EventLog.read(
        bootstrap,
        Topics.DLQ,
        before,
        value -> {
          try {
            DeadLetter d = DeadLetter.fromJson(value);
            refused.putIfAbsent(d.origin(), d);
          } catch (java.io.IOException e) {
            unreadable.add(new DeadLetter("?", "unreadable dead letter", ""));
          }
        });
    List<DeadLetter> all = new ArrayList<>(refused.values());
    all.addAll(unreadable);
    return all;
  }

  /** When the previous ingest started; null when there was none (a new or rebuilt warehouse). */
  private static Instant previousStart(Manifest current) {
    return current.seq() == 0 ? null : current.ingestStartedAt();
  }

  /**
   * The offsets this batch may commit: the end offsets, except in a partition where an iteration is
   * still open, where they stop at its first event so that the next ingest reads it whole.
   */
  static Map<Integer, Long> heldBack(Map<Integer, Long> end, Path openDir) throws IOException {
    Map<Integer, Long> reached = new TreeMap<>(end);
    if (!Files.isDirectory(openDir)) {
      return reached;
    }
    try (Stream<Path> files = Files.walk(openDir)) {
      for (Path file :
          files
              .filter(Files::isRegularFile)
              .filter(f -> !f.getFileName().toString().startsWith("."))
              .toList()) {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
          String[] parts = line.trim().split(" ");
          if (parts.length == 2) {
            reached.merge(Integer.parseInt(parts[0]), Long.parseLong(parts[1]), Math::min);
          }
        }
      }
    }
    return reached;
  }

  /** Refused events go to benchlake.dlq with the reason and where they came from. */
  private static KafkaSink<RefusedEvent> deadLetters(String bootstrap) {
    return KafkaSink.<RefusedEvent>builder()
        .setBootstrapServers(bootstrap)
        .setRecordSerializer(
            KafkaRecordSerializationSchema.builder()
                .setTopic(Topics.DLQ)
                .setValueSerializationSchema(new DeadLetter.Serializer())
                .build())
        .setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE)
        .build();
  }
}
