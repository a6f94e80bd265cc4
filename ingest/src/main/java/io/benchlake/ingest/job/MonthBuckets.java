package io.benchlake.ingest.job;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.functions.sink.filesystem.BucketAssigner;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.SimpleVersionedStringSerializer;

/** Puts each row under {@code month=YYYY-MM} of its run's start (UTC), Hive style. */
public class MonthBuckets implements BucketAssigner<GenericRecord, String> {
  private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("yyyy-MM");

  // The month of the last row, and where it begins and ends: rows come in runs of one month.
  private transient long monthFrom = 1;
  private transient long monthUntil;
  private transient String bucket;

  // Where started_at is in the rows of the last table seen: a sink writes one table.
  private transient Schema schema;
  private transient int startedAtPosition;

  @Override
  public String getBucketId(GenericRecord row, Context context) {
    if (row.getSchema() != schema) {
      schema = row.getSchema();
      startedAtPosition = schema.getField("started_at").pos();
    }
    long startedAt = (Long) row.get(startedAtPosition);
    if (startedAt < monthFrom || startedAt >= monthUntil) {
      YearMonth month = yearMonth(startedAt);
      monthFrom = Rows.micros(month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant());
      monthUntil =
          Rows.micros(month.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant());
      bucket = "month=" + MONTH.format(month);
    }
    return bucket;
  }

  /** The month (yyyy-MM, UTC) of a time in microseconds since the epoch. */
  static String month(long micros) {
    return MONTH.format(yearMonth(micros));
  }

  private static YearMonth yearMonth(long micros) {
    return YearMonth.from(Instant.EPOCH.plusNanos(micros * 1000).atZone(ZoneOffset.UTC));
  }

  @Override
  public SimpleVersionedSerializer<String> getSerializer() {
    return SimpleVersionedStringSerializer.INSTANCE;
  }
}
