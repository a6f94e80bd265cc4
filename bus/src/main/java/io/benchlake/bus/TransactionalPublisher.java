package io.benchlake.bus;

import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventIds;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Publishes a batch of events in one Kafka transaction: readers (read_committed) see all of them or
 * none, so an import is never half-published.
 */
public final class TransactionalPublisher implements AutoCloseable {
  private final KafkaProducer<String, byte[]> producer;
  private final EventCodec codec = new EventCodec();

  public TransactionalPublisher(String bootstrap) {
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
   */
  public void publishAll(List<Event> events) {
    producer.beginTransaction();
    try {
      for (Event event : events) {
        producer.send(EventRecords.of(Topics.EVENTS, event, codec.encode(event)));
      }
      producer.commitTransaction(); // flushes and fails if any send failed
    } catch (KafkaException e) {
      try {
        producer.abortTransaction();
      } catch (KafkaException ignored) {
        // the producer is unusable; the transaction times out and is aborted by the broker
      }
      throw new BusException(
          "the import was not published (transaction aborted): " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    producer.close();
  }
}
