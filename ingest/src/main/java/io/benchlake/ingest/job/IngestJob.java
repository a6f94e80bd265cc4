package io.benchlake.ingest.job;

import io.benchlake.warehouse.WarehouseTable;
import java.io.Serializable;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.formats.parquet.ParquetWriterFactory;
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
   * One ingest: its sequence number and start, and the offsets the previous ingest read up to and
   * when it started (null for the first ingest of a warehouse), which tell the aggregate which
   * iterations that ingest already wrote; the events to refuse as conflicts, by origin, with the
   * reason (ContentConflicts); and the origins of refused events someone acknowledged, which are
   * not refused again.
   */
  public record Batch(
      long seq,
      Instant started,
      Map<Integer, Long> previousReadUpTo,
      Instant previousStarted,
      Map<String, String> conflicts,
      java.util.Set<String> acknowledged)
      implements Serializable {
    public Batch {
      previousReadUpTo = new TreeMap<>(previousReadUpTo);
      conflicts = new TreeMap<>(conflicts);
      acknowledged = new java.util.TreeSet<>(acknowledged);
    }

    public Batch(
        long seq,
        Instant started,
        Map<Integer, Long> previousReadUpTo,
        Instant previousStarted,
        Map<String, String> conflicts) {
      this(seq, started, previousReadUpTo, previousStarted, conflicts, java.util.Set.of());
    }

    public Batch(
        long seq, Instant started, Map<Integer, Long> previousReadUpTo, Instant previousStarted) {
      this(seq, started, previousReadUpTo, previousStarted, Map.of());
    }

    /** The first ingest of a warehouse, or a rebuild. */
    public static Batch first(long seq, Instant started) {
      return new Batch(seq, started, Map.of(), null);
    }
  }

  /**
   * Wires the job onto {@code events}.
   *
   * @param sinks the sink of each table's rows
   * @param batch which ingest this is and what the one before it did
   * @param refused where events that cannot be ingested go
   * @param open where the positions of iterations still open at the end of the batch go
   */
  public static void build(
      DataStream<RawEvent> events,
      Batch batch,
      Function<WarehouseTable, Sink<GenericRecord>> sinks,
      Sink<RefusedEvent> refused,
      Sink<OpenIteration> open) {
    SingleOutputStreamOperator<IterationPart> routed =
        RouterOperator.route(events, new EventRouter(batch)).uid("router");
    writeTables(routed, sinks);
    SingleOutputStreamOperator<GenericRecord> iterations =
        routed
            .keyBy(part -> part.runId)
            .window(GlobalWindows.createWithEndOfStreamTrigger())
            .process(new IterationAggregator(batch), Tags.typeInfo(WarehouseTable.ITERATIONS))
            .name("per-iteration aggregate");
    iterations
        .sinkTo(sinks.apply(WarehouseTable.ITERATIONS))
        .name("parquet: " + WarehouseTable.ITERATIONS.dirName());
    iterations.getSideOutput(IterationAggregator.OPEN).sinkTo(open).name("open iterations");
    routed.getSideOutput(Tags.REFUSED).sinkTo(refused).name("refused events");
  }

  /**
   * Wires a follow job onto {@code events}, a stream that does not end: the same parsing and
   * routing with the rows of each table in files finished at every checkpoint under {@code
   * staging}, and the aggregate writing each iteration when its end is read. The readers, the
   * parsers and the aggregate tell the {@link FollowSession} {@code sessionId} how far they got at
   * each checkpoint. The parsers run next to the readers ({@code readers} of them), so that each
   * run's events reach its aggregate in the order of the log. A run with iterations open that has
   * had no event for {@code quiet} is looked at for abandoned iterations.
   */
  public static void buildFollow(
      DataStream<RawEvent> events,
      int readers,
      Batch first,
      String sessionId,
      java.nio.file.Path staging,
      Sink<RefusedEvent> refused,
      java.time.Duration quiet) {
    SingleOutputStreamOperator<IterationPart> routed =
        RouterOperator.route(
                events
                    .process(new ReadPositions(sessionId, first.previousReadUpTo()))
                    .setParallelism(readers)
                    .name("read positions"),
                new FollowRouter(first, sessionId))
            .setParallelism(readers);
    writeTables(routed, table -> new RollingParquetSink(staging, table));
    routed
        .keyBy(part -> part.runId)
        .process(
            new FollowAggregator(first, sessionId, quiet), Tags.typeInfo(WarehouseTable.ITERATIONS))
        .name("per-iteration aggregate")
        .sinkTo(new RollingParquetSink(staging, WarehouseTable.ITERATIONS))
        .name("parquet: " + WarehouseTable.ITERATIONS.dirName());
    routed.getSideOutput(Tags.REFUSED).sinkTo(refused).name("refused events");
  }

  /** The routed rows of every table but iterations, each to its sink. */
  private static void writeTables(
      SingleOutputStreamOperator<IterationPart> routed,
      Function<WarehouseTable, Sink<GenericRecord>> sinks) {
    for (WarehouseTable table :
        new WarehouseTable[] {
          WarehouseTable.RUNS,
          WarehouseTable.ENVIRONMENTS,
          WarehouseTable.SAMPLES,
          WarehouseTable.TIMINGS,
          WarehouseTable.ANNOTATIONS,
          WarehouseTable.SOURCE_STATISTICS,
          WarehouseTable.ALIASES,
          WarehouseTable.RETRACTIONS,
          WarehouseTable.ALERT_EVENTS,
          WarehouseTable.ALERT_STATES
        }) {
      routed
          .getSideOutput(Tags.TABLES.get(table))
          .sinkTo(sinks.apply(table))
          .name("parquet: " + table.dirName());
    }
  }

  /**
   * A month-partitioned Parquet sink for a table under {@code root} (any Flink file system URI).
   */
  public static Sink<GenericRecord> parquetSink(String root, WarehouseTable table, long seq) {
    return FileSink.forBulkFormat(
            new org.apache.flink.core.fs.Path(root + "/" + table.dirName()),
            new ParquetWriterFactory<>(out -> Rows.parquetWriter(out, Rows.schema(table)).build()))
        .withBucketAssigner(new MonthBuckets())
        .withOutputFileConfig(
            OutputFileConfig.builder()
                .withPartPrefix("part-" + seq)
                .withPartSuffix(".parquet")
                .build())
        .build();
  }

  /** The positions of open iterations as text lines "partition offset" under {@code dir}. */
  public static Sink<OpenIteration> openIterationSink(String dir) {
    return FileSink.forRowFormat(
            new org.apache.flink.core.fs.Path(dir),
            new org.apache.flink.api.common.serialization.SimpleStringEncoder<OpenIteration>())
        .build();
  }
}
