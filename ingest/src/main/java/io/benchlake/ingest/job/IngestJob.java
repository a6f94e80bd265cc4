package io.benchlake.ingest.job;

import io.benchlake.warehouse.WarehouseTable;
import java.util.function.Function;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.formats.parquet.avro.AvroParquetWriters;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.functions.sink.filesystem.OutputFileConfig;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;

/**
 * The ingest job: events in, one Parquet table per warehouse table out. Source and sinks are
 * arguments, so tests can run it on a bounded source with sinks of their own.
 */
public final class IngestJob {
  private IngestJob() {}

  /**
   * Wires the job onto {@code events}.
   *
   * @param sinks the sink of each table's rows
   * @param refused where events that cannot be ingested go
   */
  public static void build(
      DataStream<RawEvent> events,
      long seq,
      Function<WarehouseTable, Sink<GenericRecord>> sinks,
      Sink<RefusedEvent> refused) {
    SingleOutputStreamOperator<IterationPart> routed =
        events.process(new EventRouter(seq)).name("parse, validate and route events").uid("router");
    for (WarehouseTable table :
        new WarehouseTable[] {
          WarehouseTable.RUNS,
          WarehouseTable.ENVIRONMENTS,
          WarehouseTable.SAMPLES,
          WarehouseTable.TIMINGS
        }) {
      routed
          .getSideOutput(Tags.TABLES.get(table))
          .sinkTo(sinks.apply(table))
          .name("parquet: " + table.dirName());
    }
    routed
        .keyBy(part -> part.key)
        .window(GlobalWindows.createWithEndOfStreamTrigger())
        .process(new IterationAggregator(seq), Tags.typeInfo(WarehouseTable.ITERATIONS))
        .name("per-iteration aggregate")
        .sinkTo(sinks.apply(WarehouseTable.ITERATIONS))
        .name("parquet: " + WarehouseTable.ITERATIONS.dirName());
    routed.getSideOutput(Tags.REFUSED).sinkTo(refused).name("refused events");
  }

  /**
   * A month-partitioned Parquet sink for a table under {@code root} (any Flink file system URI).
   */
  public static Sink<GenericRecord> parquetSink(String root, WarehouseTable table, long seq) {
    return FileSink.forBulkFormat(
            new org.apache.flink.core.fs.Path(root + "/" + table.dirName()),
            AvroParquetWriters.forGenericRecord(Rows.schema(table)))
        .withBucketAssigner(new MonthBuckets())
        .withOutputFileConfig(
            OutputFileConfig.builder()
                .withPartPrefix("part-" + seq)
                .withPartSuffix(".parquet")
                .build())
        .build();
  }
}
