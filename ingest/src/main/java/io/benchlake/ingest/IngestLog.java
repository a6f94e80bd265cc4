package io.benchlake.ingest;

import io.benchlake.bus.EventLog;
import io.benchlake.bus.Topics;
import io.benchlake.ingest.job.DeadLetter;
import io.benchlake.ingest.job.RawEvent;
import io.benchlake.ingest.job.RawEventDeserializer;
import io.benchlake.ingest.job.RefusedEvent;
import io.benchlake.warehouse.Manifest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.kafka.common.TopicPartition;

/**
 * What an ingest reads from and writes to Kafka besides its job's own records: the job's source
 * over the events topic, its sink for refused events, and the refused events read back.
 */
final class IngestLog {
  private IngestLog() {}

  /**
   * Up to how many offsets past the last ingest are looked at for events before a job is started: a
   * follow session, or an ingest that read a transactional import, stops before the transaction's
   * commit marker, which takes an offset and holds no event.
   */
  static final long MARKERS_AT_MOST = 64;

  /** Whether the log holds no committed event past the offsets {@code current} reached. */
  static boolean onlyMarkers(String bootstrap, Manifest current) {
    return EventLog.read(bootstrap, Topics.EVENTS, current.offsets(), value -> {}) == 0;
  }

  /** How long the broker may hold a batch ingest's fetch that finds no new events, in ms. */
  private static final int BOUNDED_FETCH_WAIT_MS = 20;

  /** The event topic from {@code starting} to {@code stopping}, or on without end when null. */
  static KafkaSource<RawEvent> kafkaSource(
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
  static List<DeadLetter> refusedSince(String bootstrap, Map<Integer, Long> before) {
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

  /** Refused events go to benchlake.dlq with the reason and where they came from. */
  static KafkaSink<RefusedEvent> deadLetters(String bootstrap) {
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
