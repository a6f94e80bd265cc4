package io.benchlake.ingest.job;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Keeps the bytes and the topic/partition/offset; parsing happens in the job, where errors are
 * routed.
 */
public class RawEventDeserializer implements KafkaRecordDeserializationSchema<RawEvent> {
  @Override
  public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<RawEvent> out) {
    out.collect(
        new RawEvent(
            record.topic(),
            record.partition(),
            record.offset(),
            record.timestamp(),
            record.value()));
  }

  @Override
  public TypeInformation<RawEvent> getProducedType() {
    return TypeInformation.of(RawEvent.class);
  }
}
