package io.benchlake.ingest;

import io.benchlake.bus.EventLog;
import io.benchlake.bus.Topics;
import io.benchlake.ingest.compact.Compaction;
import io.benchlake.ingest.job.DeadLetter;
import io.benchlake.ingest.job.IngestJob;
import io.benchlake.ingest.job.RawEvent;
import io.benchlake.ingest.job.RawEventDeserializer;
import io.benchlake.ingest.job.RefusedEvent;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.Stream;
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

  private final FlinkCluster flink;
  private final Compaction compaction;

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
   * One batch ingest under the warehouse lock; with {@code rebuild}, the warehouse is deleted first
   * and the whole log replayed from offset 0.
   */
  public Result ingest(String bootstrap, Warehouse warehouse, boolean rebuild) throws Exception {
    try (AutoCloseable lock = warehouse.lock()) {
      if (rebuild) {
        warehouse.clear();
      }
      return ingestAndCompact(bootstrap, warehouse);
    }
  }

  /**
   * Follow mode: holds the warehouse and ingests each time the log's end moves, polling every
   * {@code poll}, until {@code stop} says so; each ingest is a committed batch, so stopping at any
   * point leaves a warehouse a later batch ingest continues from. {@code each} hears every ingest
   * that read something.
   */
  public void follow(
      String bootstrap,
      Warehouse warehouse,
      Duration poll,
      BooleanSupplier stop,
      Consumer<Result> each)
      throws Exception {
    try (AutoCloseable lock = warehouse.lock()) {
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

  private Result ingestAndCompact(String bootstrap, Warehouse warehouse) throws Exception {
    Result r = ingestLocked(bootstrap, warehouse);
    if (r.nothingNew()) {
      return r;
    }
    Compaction.Result c = compaction.compact(warehouse);
    if (c.filesReplaced() > 0) {
      LOG.info(
          "compaction {} replaced {} files by {}", c.seq(), c.filesReplaced(), c.filesWritten());
    }
    return new Result(
        c.filesReplaced() > 0 ? c.seq() : r.seq(),
        r.eventsRead(),
        r.refused(),
        false,
        c.filesReplaced());
  }

  private Result ingestLocked(String bootstrap, Warehouse warehouse) throws Exception {
    int removed = warehouse.removeUncommitted();
    if (removed > 0) {
      LOG.warn(
          "removed {} files no committed ingest listed (an earlier ingest did not finish)",
          removed);
    }
    Manifest current = warehouse.current();
    Map<Integer, Long> end = EventLog.endOffsets(bootstrap);
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
    if (pending == 0) {
      return new Result(current.seq(), 0, List.of(), true);
    }
    long seq = current.seq() + 1;
    Instant started = Instant.now();
    String staging = warehouse.staging(seq).toUri().toString();
    StreamExecutionEnvironment env = flink.environment();
    KafkaSource<RawEvent> source =
        KafkaSource.<RawEvent>builder()
            .setBootstrapServers(bootstrap)
            .setTopics(Topics.EVENTS)
            .setGroupId("benchlake-ingest")
            .setStartingOffsets(OffsetsInitializer.offsets(starting))
            .setBounded(OffsetsInitializer.offsets(stopping))
            .setDeserializer(new RawEventDeserializer())
            .setProperty("isolation.level", "read_committed")
            .setProperty("commit.offsets.on.checkpoint", "false")
            .build();
    Path openDir = warehouse.staging(seq).resolve("_open");
    // One reader per partition; when there are fewer partitions than slots (the embedded broker's
    // topic has one), the readers deal the events out so that every slot parses.
    int readers = Math.min(flink.parallelism(), end.size());
    DataStream<RawEvent> events =
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "kafka: " + Topics.EVENTS)
            .setParallelism(readers);
    IngestJob.build(
        readers < flink.parallelism() ? events.rebalance() : events,
        new IngestJob.Batch(seq, started, current.readUpTo(), previousStart(current)),
        table -> IngestJob.parquetSink(staging, table, seq),
        deadLetters(bootstrap),
        IngestJob.openIterationSink(openDir.toUri().toString()));
    Map<Integer, Long> dlqBefore = EventLog.endOffsets(bootstrap, Topics.DLQ);
    flink.execute(env, "benchlake ingest " + seq);
    List<DeadLetter> refused = new java.util.ArrayList<>();
    EventLog.read(
        bootstrap,
        Topics.DLQ,
        dlqBefore,
        value -> {
          try {
            refused.add(DeadLetter.fromJson(value));
          } catch (java.io.IOException e) {
            refused.add(new DeadLetter("?", "unreadable dead letter", ""));
          }
        });
    Map<Integer, Long> reached = heldBack(end, openDir);
    warehouse.commit(seq, new Manifest.Progress(reached, end, started));
    LOG.info("ingest {} read {} events, refused {}", seq, pending, refused.size());
    return new Result(seq, pending, refused, false);
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
