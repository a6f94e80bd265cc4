package io.benchlake.bus;

import io.benchlake.schemas.Event;
import io.benchlake.schemas.RunStarted;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The Kafka record of an event: keyed by run id, so that a run's events share a partition, in
 * order; a run_started gets a log timestamp after that of the previous run_started this process
 * published. The views order datasets by when their runs were first logged, and on a topic of
 * several partitions offsets do not compare: runs started within one millisecond (an import of a
 * report's datasets) keep their order through the timestamp alone.
 */
final class EventRecords {
  private static final AtomicLong LAST_RUN_STARTED = new AtomicLong();

  private EventRecords() {}

  static ProducerRecord<String, byte[]> of(String topic, Event event, byte[] value) {
    Long timestamp = event instanceof RunStarted ? nextRunStarted() : null;
    return new ProducerRecord<>(topic, null, timestamp, event.runId(), value);
  }

  private static long nextRunStarted() {
    long now = System.currentTimeMillis();
    return LAST_RUN_STARTED.updateAndGet(last -> Math.max(now, last + 1));
  }
}
