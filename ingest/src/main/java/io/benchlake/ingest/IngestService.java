package io.benchlake.ingest;

import io.benchlake.bus.EventLog;
import io.benchlake.bus.Topics;
import io.benchlake.ingest.job.DeadLetter;
import io.benchlake.ingest.job.IngestJob;
import io.benchlake.ingest.job.RawEvent;
import io.benchlake.ingest.job.RawEventDeserializer;
import io.benchlake.ingest.job.RefusedEvent;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
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
  private final int parallelism;

  public IngestService(int parallelism) {
    this.parallelism = parallelism;
  }

  /** What one ingest did. */
  public record Result(long seq, long eventsRead, List<DeadLetter> refused, boolean nothingNew) {}

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
      return ingestLocked(bootstrap, warehouse);
    }
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
    String staging = warehouse.staging(seq).toUri().toString();
    StreamExecutionEnvironment env = localEnvironment();
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
    IngestJob.build(
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "kafka: " + Topics.EVENTS),
        seq,
        table -> IngestJob.parquetSink(staging, table, seq),
        deadLetters(bootstrap));
    Map<Integer, Long> dlqBefore = EventLog.endOffsets(bootstrap, Topics.DLQ);
    env.execute("benchlake ingest " + seq);
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
    warehouse.commit(seq, end);
    LOG.info("ingest {} read {} events, refused {}", seq, pending, refused.size());
    return new Result(seq, pending, refused, false);
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

  private StreamExecutionEnvironment localEnvironment() {
    Configuration conf = new Configuration();
    conf.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH);
    conf.set(CoreOptions.DEFAULT_PARALLELISM, parallelism);
    conf.setString("security.delegation.tokens.enabled", "false");
    return StreamExecutionEnvironment.createLocalEnvironment(parallelism, conf);
  }
}
