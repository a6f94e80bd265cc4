package io.benchlake.bus;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * A few records of the events topic read to tell whether the log is still the one a warehouse was
 * built from: its start offsets, and the committed record at or just below given offsets. Each call
 * reads a few records per partition, whatever the log's size.
 */
public final class LogProbe {
  private LogProbe() {}

  /** A committed record of the events topic: its offset and its bytes. */
  public record Found(long offset, byte[] value) {}

  /** How many offsets below a position are read first when looking for the record before it. */
  private static final long FIRST_WINDOW = 64;

  /** The start offset of every partition of the events topic (0 while the log is kept whole). */
  public static Map<Integer, Long> startOffsets(String bootstrap) {
    try (KafkaConsumer<byte[], byte[]> consumer = consumer(bootstrap)) {
      Map<Integer, Long> starts = new TreeMap<>();
      consumer
          .beginningOffsets(partitions(consumer))
          .forEach((tp, offset) -> starts.put(tp.partition(), offset));
      return starts;
    }
  }

  /**
   * Per partition of {@code below} with an offset above 0, the last committed record before that
   * offset (transaction markers and aborted records are not records here); absent when there is
   * none.
   */
  public static Map<Integer, Found> lastBelow(String bootstrap, Map<Integer, Long> below) {
    Map<Integer, Found> found = new TreeMap<>();
    try (KafkaConsumer<byte[], byte[]> consumer = consumer(bootstrap)) {
      for (var e : below.entrySet()) {
        TopicPartition tp = new TopicPartition(Topics.EVENTS, e.getKey());
        long stop = e.getValue();
        if (stop <= 0) {
          continue;
        }
        consumer.assign(List.of(tp));
        long begin = consumer.beginningOffsets(List.of(tp)).get(tp);
        long stopAt = Math.min(stop, consumer.endOffsets(List.of(tp)).get(tp));
        for (long window = FIRST_WINDOW; ; window *= 8) {
          long from = Math.max(begin, stopAt - window);
          Found last = null;
          for (Found f : read(consumer, tp, from, stopAt)) {
            last = f;
          }
          if (last != null) {
            found.put(e.getKey(), last);
            break;
          }
          if (from <= begin) {
            break;
          }
        }
      }
    }
    return found;
  }

  /**
   * Per partition of {@code at}, the first committed record at or after that offset (the record
   * there, when the log still holds it); absent when the log holds none from there.
   */
  public static Map<Integer, Found> at(String bootstrap, Map<Integer, Long> at) {
    Map<Integer, Found> found = new TreeMap<>();
    try (KafkaConsumer<byte[], byte[]> consumer = consumer(bootstrap)) {
      for (var e : at.entrySet()) {
        TopicPartition tp = new TopicPartition(Topics.EVENTS, e.getKey());
        consumer.assign(List.of(tp));
        long begin = consumer.beginningOffsets(List.of(tp)).get(tp);
        long end = consumer.endOffsets(List.of(tp)).get(tp);
        long from = Math.max(begin, e.getValue());
        if (from >= end) {
          continue;
        }
        consumer.seek(tp, from);
        while (consumer.position(tp) < end) {
          List<ConsumerRecord<byte[], byte[]>> records =
              consumer.poll(Duration.ofMillis(500)).records(tp);
          if (!records.isEmpty()) {
            ConsumerRecord<byte[], byte[]> r = records.get(0);
            found.put(e.getKey(), new Found(r.offset(), r.value()));
            break;
          }
        }
      }
    }
    return found;
  }

  /** The committed records of {@code [from, stop)} in offset order. */
  private static List<Found> read(
      KafkaConsumer<byte[], byte[]> consumer, TopicPartition tp, long from, long stop) {
    List<Found> out = new java.util.ArrayList<>();
    if (from >= stop) {
      return out;
    }
    consumer.seek(tp, from);
    while (consumer.position(tp) < stop) {
      for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500)).records(tp)) {
        if (r.offset() < stop) {
          out.add(new Found(r.offset(), r.value()));
        }
      }
    }
    return out;
  }

  private static KafkaConsumer<byte[], byte[]> consumer(String bootstrap) {
    Map<String, Object> config = EventLog.readerConfig(bootstrap);
    // a few records are read: small fetches
    config.put(org.apache.kafka.clients.consumer.ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 500);
    return new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  private static List<TopicPartition> partitions(KafkaConsumer<byte[], byte[]> consumer) {
    return consumer.partitionsFor(Topics.EVENTS).stream()
        .map(p -> new TopicPartition(p.topic(), p.partition()))
        .toList();
  }
}
