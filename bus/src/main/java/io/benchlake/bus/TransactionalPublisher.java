package io.benchlake.bus;

import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventIds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes a batch of events in one Kafka transaction: readers (read_committed) see all of them or
 * none, so an import is never half-published.
 */
public final class TransactionalPublisher implements AutoCloseable {
  private final KafkaProducer<String, byte[]> producer;
  private static final Logger LOG = LoggerFactory.getLogger(TransactionalPublisher.class);
  private final EventCodec codec = new EventCodec();
  private final String bootstrap;

  public TransactionalPublisher(String bootstrap) {
    this.bootstrap = bootstrap;
    producer =
        new KafkaProducer<>(
            EventPublisher.checkedProducer(
                bootstrap,
                Map.of(
                    ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                    "benchlake-import-" + EventIds.random(),
                    ProducerConfig.BATCH_SIZE_CONFIG,
                    256 * 1024)),
            new StringSerializer(),
            new ByteArraySerializer());
    producer.initTransactions();
  }

  /**
   * Sends all events and commits; on any failure the transaction is aborted and nothing is visible.
   * Returns once readers see the events: a commit returns before the broker has written its commit
   * markers to every partition, and until then a read_committed reader (an ingest run right after
   * the import) stops before them.
   */
  public void publishAll(List<Event> events) {
    Map<Integer, Long> written = new TreeMap<>();
    producer.beginTransaction();
    try {
      List<Future<RecordMetadata>> sent = new ArrayList<>();
      for (Event event : events) {
        sent.add(producer.send(EventRecords.of(Topics.EVENTS, event, codec.encode(event))));
      }
      producer.commitTransaction(); // flushes and fails if any send failed
      for (Future<RecordMetadata> f : sent) {
        RecordMetadata m = f.get();
        written.merge(m.partition(), m.offset(), Math::max);
      }
    } catch (KafkaException | ExecutionException e) {
      try {
        producer.abortTransaction();
      } catch (KafkaException ignored) {
        // the producer is unusable; the transaction times out and is aborted by the broker
      }
      throw new BusException(
          "the import was not published (transaction aborted): " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BusException("interrupted while publishing the import", e);
    }
    awaitVisible(written);
  }

  /** Waits (up to 30 s) until a read_committed reader's end offsets pass what was written. */
  private void awaitVisible(Map<Integer, Long> written) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      Map<Integer, Long> ends = EventLog.endOffsets(bootstrap);
      if (written.entrySet().stream()
          .allMatch(w -> ends.getOrDefault(w.getKey(), 0L) > w.getValue())) {
        return;
      }
      if (System.nanoTime() > deadline) {
        LOG.warn(
            "the import is committed but not yet visible to readers after 30 s (end offsets {},"
                + " written up to {}); a later ingest will read it",
            ends,
            written);
        return;
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  @Override
  public void close() {
    producer.close();
  }
}
