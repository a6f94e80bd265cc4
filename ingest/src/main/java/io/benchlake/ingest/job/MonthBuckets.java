package io.benchlake.ingest.job;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.functions.sink.filesystem.BucketAssigner;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.SimpleVersionedStringSerializer;

/** Puts each row under {@code month=YYYY-MM} of its run's start (UTC), Hive style. */
public class MonthBuckets implements BucketAssigner<GenericRecord, String> {
  private static final DateTimeFormatter MONTH =
      DateTimeFormatter.ofPattern("yyyy-MM").withZone(ZoneOffset.UTC);

  @Override
  public String getBucketId(GenericRecord row, Context context) {
    return "month=" + month((Long) row.get("started_at"));
  }

  static String month(long micros) {
    return MONTH.format(Instant.EPOCH.plusNanos(micros * 1000));
  }

  @Override
  public SimpleVersionedSerializer<String> getSerializer() {
    return SimpleVersionedStringSerializer.INSTANCE;
  }
}
