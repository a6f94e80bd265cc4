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
    try (Reader reader = reader(bootstrap)) {
      return reader.startOffsets();
    }
  }

  /**
   * Per partition of {@code below} with an offset above 0, the last committed record before that
   * offset (transaction markers and aborted records are not records here); absent when there is
   * none.
   */
  public static Map<Integer, Found> lastBelow(String bootstrap, Map<Integer, Long> below) {
    try (Reader reader = reader(bootstrap)) {
      return reader.lastBelow(below);
    }
  }

  /**
   * Per partition of {@code at}, the first committed record at or after that offset (the record
   * there, when the log still holds it); absent when the log holds none from there.
   */
  public static Map<Integer, Found> at(String bootstrap, Map<Integer, Long> at) {
    try (Reader reader = reader(bootstrap)) {
      return reader.at(at);
    }
  }

  /** One client for the probes of one command (each client of its own costs a connection). */
  public static Reader reader(String bootstrap) {
    return new Reader(consumer(bootstrap));
  }

  /**
   * The probes on one read_committed consumer, each asking the log afresh: the same answers as the
   * static probes, without a new client per probe.
   */
  public static final class Reader implements AutoCloseable {
    private final KafkaConsumer<byte[], byte[]> consumer;

    private Reader(KafkaConsumer<byte[], byte[]> consumer) {
      this.consumer = consumer;
    }

    /** As {@link LogProbe#startOffsets(String)}. */
    public Map<Integer, Long> startOffsets() {
      Map<Integer, Long> starts = new TreeMap<>();
      consumer
          .beginningOffsets(partitions(consumer, Topics.EVENTS))
          .forEach((tp, offset) -> starts.put(tp.partition(), offset));
      return starts;
    }

    /** As {@link EventLog#endOffsets(String, String)}: the end a read_committed reader sees. */
    public Map<Integer, Long> endOffsets(String topic) {
      Map<Integer, Long> ends = new TreeMap<>();
      consumer
          .endOffsets(partitions(consumer, topic))
          .forEach((tp, offset) -> ends.put(tp.partition(), offset));
      return ends;
    }

    /** As {@link LogProbe#lastBelow(String, Map)}. */
    public Map<Integer, Found> lastBelow(Map<Integer, Long> below) {
      Map<Integer, Found> found = new TreeMap<>();
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
      return found;
    }

    /** As {@link LogProbe#at(String, Map)}. */
    public Map<Integer, Found> at(Map<Integer, Long> at) {
      Map<Integer, Found> found = new TreeMap<>();
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
      return found;
    }

    @Override
    public void close() {
      consumer.close();
    }
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

  private static List<TopicPartition> partitions(
      KafkaConsumer<byte[], byte[]> consumer, String topic) {
    return consumer.partitionsFor(topic).stream()
        .map(p -> new TopicPartition(p.topic(), p.partition()))
        .sorted(java.util.Comparator.comparingInt(TopicPartition::partition))
        .toList();
  }
}
