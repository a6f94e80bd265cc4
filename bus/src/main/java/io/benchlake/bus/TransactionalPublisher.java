package io.benchlake.bus;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import java.nio.file.Path;
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
 * none, so an import is never half-published. Its transactional id is registered in the home
 * ({@link PublisherRegistry}), and it first fences the ids of the home's publishers that died, so
 * that a transaction a killed import left open holds no reader back.
 */
public final class TransactionalPublisher implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TransactionalPublisher.class);
  private static final long VISIBLE_WITHIN_S = 10;

  private final KafkaProducer<String, byte[]> producer;
  private final PublisherRegistry.Registration registration;
  private final EventCodec codec = new EventCodec();
  private final String bootstrap;

  public TransactionalPublisher(String bootstrap, BenchlakeHome home) {
    this.bootstrap = bootstrap;
    Path registry = PublisherRegistry.dir(home);
    PublisherRegistry.fenceDead(registry, bootstrap);
    registration = PublisherRegistry.register(registry);
    try {
      producer =
          new KafkaProducer<>(
              EventPublisher.checkedProducer(
                  bootstrap,
                  Map.of(
                      ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                      registration.transactionalId(),
                      ProducerConfig.BATCH_SIZE_CONFIG,
                      256 * 1024)),
              new StringSerializer(),
              new ByteArraySerializer());
      producer.initTransactions();
    } catch (RuntimeException e) {
      registration.close();
      throw e;
    }
  }

  /**
   * Sends all events and commits; on any failure the transaction is aborted and nothing is visible.
   * Returns once readers see the events, or says that they do not yet: a commit returns before the
   * broker has written its commit markers to every partition, and until then a read_committed
   * reader (an ingest run right after the import) stops before them; another publisher's open
   * transaction holds them back as well, until it ends.
   *
   * @return whether readers see the events within {@value #VISIBLE_WITHIN_S} s
   */
  public boolean publishAll(List<Event> events) {
    Map<Integer, Long> written = new TreeMap<>();
    try {
      List<Future<RecordMetadata>> sent = sendInTransaction(events);
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
    return awaitVisible(written);
  }

  /**
   * Begins a transaction and hands every event to the producer, flushed; the caller commits. Apart
   * from {@link #publishAll}, only a test stops here, to leave a transaction open.
   */
  List<Future<RecordMetadata>> sendInTransaction(List<Event> events) {
    producer.beginTransaction();
    List<Future<RecordMetadata>> sent = new ArrayList<>();
    for (Event event : events) {
      sent.add(producer.send(EventRecords.of(Topics.EVENTS, event, codec.encode(event))));
    }
    producer.flush();
    return sent;
  }

  /** Commits the transaction {@link #sendInTransaction} began. */
  void commit() {
    producer.commitTransaction();
  }

  /** Waits until a read_committed reader's end offsets pass what was written. */
  private boolean awaitVisible(Map<Integer, Long> written) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(VISIBLE_WITHIN_S);
    while (true) {
      Map<Integer, Long> ends = EventLog.endOffsets(bootstrap);
      if (written.entrySet().stream()
          .allMatch(w -> ends.getOrDefault(w.getKey(), 0L) > w.getValue())) {
        return true;
      }
      if (System.nanoTime() > deadline) {
        LOG.warn(
            "the import is committed but not visible to readers after {} s (end offsets {},"
                + " written up to {}): another transaction is open",
            VISIBLE_WITHIN_S,
            ends,
            written);
        return false;
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
  }

  @Override
  public void close() {
    try {
      producer.close();
    } finally {
      registration.close();
    }
  }
}
