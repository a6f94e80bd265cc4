package io.benchlake.bus;

import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Publishes events to the event log, keyed by run id: idempotent, acks=all, and every send is
 * checked, so a lost event is a failure rather than a log line.
 */
public final class EventPublisher implements AutoCloseable {
  /**
   * The largest event benchlake publishes: Kafka refuses a record over its 1 MiB default message
   * size, and inside a transaction that refusal leaves the producer in an error state.
   */
  public static final int MAX_EVENT_BYTES = 1_000_000;

  private final KafkaProducer<String, byte[]> producer;
  private final EventCodec codec = new EventCodec();
  private final List<Future<RecordMetadata>> pending = new ArrayList<>();
  private final String topic;

  public EventPublisher(String bootstrap) {
    this(bootstrap, Topics.EVENTS);
  }

  public EventPublisher(String bootstrap, String topic) {
    this.topic = topic;
    this.producer =
        new KafkaProducer<>(
            checkedProducer(bootstrap, Map.of()),
            new StringSerializer(),
            new ByteArraySerializer());
  }

  /**
   * Settings of every benchlake producer: idempotent, acks=all, small batching delay; {@code extra}
   * adds or overrides (a transactional id, a larger batch).
   */
  static Map<String, Object> checkedProducer(String bootstrap, Map<String, Object> extra) {
    Map<String, Object> config =
        new java.util.HashMap<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true,
                ProducerConfig.LINGER_MS_CONFIG,
                5,
                ProducerConfig.BATCH_SIZE_CONFIG,
                64 * 1024,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                120_000,
                ProducerConfig.MAX_BLOCK_MS_CONFIG,
                60_000));
    config.putAll(extra);
    return config;
  }

  /** Sends one event; its acknowledgement is checked by the next {@link #flush()}. */
  public synchronized void publish(Event event) {
    pending.add(producer.send(EventRecords.of(topic, event, codec.encode(event))));
  }

  /** Waits until every event sent so far is acknowledged by all in-sync replicas. */
  public synchronized void flush() {
    producer.flush();
    try {
      for (Future<RecordMetadata> ack : pending) {
        ack.get(120, TimeUnit.SECONDS);
      }
    } catch (ExecutionException e) {
      throw new BusException("an event was not stored in Kafka: " + e.getCause().getMessage(), e);
    } catch (TimeoutException e) {
      throw new BusException("Kafka did not acknowledge an event within 120 s", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BusException("interrupted while waiting for Kafka", e);
    } finally {
      pending.clear();
    }
  }

  @Override
  public void close() {
    try {
      flush();
    } finally {
      producer.close();
    }
  }
}
