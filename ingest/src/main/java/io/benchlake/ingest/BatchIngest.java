package io.benchlake.ingest;

import io.benchlake.bus.LogProbe;
import io.benchlake.bus.Topics;
import io.benchlake.ingest.job.DeadLetter;
import io.benchlake.ingest.job.EventRouter;
import io.benchlake.ingest.job.IngestJob;
import io.benchlake.ingest.job.RawEvent;
import io.benchlake.warehouse.IngestTransaction;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One batch ingest: from the offsets the last committed ingest reached to the end of the log at its
 * start, one job on the cluster, committed through the warehouse's ingest transaction with the
 * offsets held back to the first event of an iteration still open.
 */
final class BatchIngest {
  private static final Logger LOG = LoggerFactory.getLogger(BatchIngest.class);

  private final FlinkCluster flink;
  private final java.util.function.Function<String, FlinkCluster.JobWatch> brokerWatch;
  private final Map<Integer, Long> newBase;
  private final boolean few;

  /**
   * Ingests on {@code flink}; a new warehouse holds the log to the start offsets {@code newBase}
   * (absent: 0), those a rebuild accepted; with {@code few}, a job of at most {@link
   * LocalFlink#SMALL_JOB} events runs pipelined ({@link IngestService#ingestFew}).
   */
  BatchIngest(
      FlinkCluster flink,
      java.util.function.Function<String, FlinkCluster.JobWatch> brokerWatch,
      Map<Integer, Long> newBase,
      boolean few) {
    this.flink = flink;
    this.brokerWatch = brokerWatch;
    this.newBase = newBase;
    this.few = few;
  }

  /** One batch ingest into {@code warehouse}, whose lock the caller holds. */
  IngestService.Result run(String bootstrap, Warehouse warehouse) throws Exception {
    // One client asks the log this ingest's questions: a client each cost ~0.1 s a small ingest.
    try (LogProbe.Reader probe = LogProbe.reader(bootstrap)) {
      return run(bootstrap, warehouse, probe);
    }
  }

  private IngestService.Result run(String bootstrap, Warehouse warehouse, LogProbe.Reader probe)
      throws Exception {
    long begun = System.nanoTime();
    IngestTransaction ingest = warehouse.beginIngest();
    IngestService.leftoversRemoved(ingest.leftoversRemoved());
    Manifest current = warehouse.current();
    LogCheck.Found found = LogCheck.find(probe, bootstrap, current);
    Map<Integer, Long> end = found.end();
    Map<Integer, Long> base = current.seq() == 0 ? newBase : current.logStart();
    Manifest.LogIdentity log = LogCheck.check(current, found, base, bootstrap);
    Map<TopicPartition, Long> starting = new HashMap<>();
    Map<TopicPartition, Long> stopping = new HashMap<>();
    long pending = 0;
    for (var e : end.entrySet()) {
      long from = current.offsets().getOrDefault(e.getKey(), 0L);
      TopicPartition tp = new TopicPartition(Topics.EVENTS, e.getKey());
      starting.put(tp, from);
      stopping.put(tp, e.getValue());
      pending += Math.max(0, e.getValue() - from);
    }
    if (pending == 0
        || (pending <= IngestLog.MARKERS_AT_MOST && IngestLog.onlyMarkers(bootstrap, current))) {
      return new IngestService.Result(current.seq(), 0, List.of(), true);
    }
    long seq = ingest.seq();
    Instant started = Instant.now();
    Map<Integer, Long> from = new TreeMap<>();
    starting.forEach((tp, offset) -> from.put(tp.partition(), offset));
    ContentConflicts.Found conflicts = ContentConflicts.find(bootstrap, from, end);
    IngestJob.Batch batch =
        new IngestJob.Batch(
            seq,
            started,
            current.readUpTo(),
            previousStart(current),
            conflicts.refused(),
            conflicts.acknowledged());
    Path openDir = ingest.staging().resolve("_open");
    Map<Integer, Long> dlqBefore = probe.endOffsets(Topics.DLQ);
    long checked = System.nanoTime();
    Counts read = null;
    for (int attempt = 1; read == null; attempt++) {
      try {
        read = runJob(bootstrap, ingest.staging(), batch, starting, stopping, openDir, pending);
      } catch (Exception e) {
        IngestFailures.translate(e, ingest, neededBytes(current, pending));
        if (attempt >= JOB_ATTEMPTS || !LocalFlink.isReleaseRace(e)) {
          throw e;
        }
        LOG.warn(
            "ingest {}: Flink released a result partition before its producer finished (a race"
                + " of the hybrid shuffle); running the job again, attempt {}",
            seq,
            attempt + 1);
        ingest.discard(); // what the failed attempt staged
      }
    }
    long ran = System.nanoTime();
    List<DeadLetter> refused = IngestLog.refusedSince(bootstrap, dlqBefore);
    Map<Integer, Long> reached = heldBack(end, openDir);
    // The offsets read past count transaction markers too; the job counted the events.
    long eventsRead = read.all() < 0 ? pending : read.all();
    ingest.commit(
        new Manifest.Progress(
            reached,
            end,
            started,
            log,
            current.events() == null || read.past() < 0 ? null : current.events() + read.past(),
            Fingerprints.below(probe, current.fingerprints(), current.readUpTo(), end),
            base));
    long committed = System.nanoTime();
    LOG.info(
        "ingest {} read {} events, refused {} (log checked {} ms, job {} ms, committed {} ms)",
        seq,
        eventsRead,
        refused.size(),
        (checked - begun) / 1_000_000,
        (ran - checked) / 1_000_000,
        (committed - ran) / 1_000_000);
    return new IngestService.Result(seq, eventsRead, refused, false);
  }

  /**
   * What a job counted: the records it read, and those at or past where the previous ingest read up
   * to (-1: the cluster did not say). The events below this ingest's end are the previous count
   * plus the second, whether or not an iteration was held back.
   */
  private record Counts(long all, long past) {}

  /**
   * About how many bytes of Parquet {@code pending} more events make, from what the warehouse's
   * committed files take per event (0 when not known).
   */
  private static long neededBytes(Manifest current, long pending) {
    long bytes = current.facts().values().stream().mapToLong(Manifest.FileFacts::size).sum();
    return current.events() == null || current.events() == 0
        ? 0
        : bytes * pending / current.events();
  }

  /**
   * How many times a batch job runs when it fails by Flink's race between a hybrid-shuffle producer
   * finishing and its consumer releasing the partition ({@link LocalFlink#isReleaseRace}), which
   * fails a few jobs in a hundred on a busy 2-core machine: the job wrote only to staging, and runs
   * again from the same offsets.
   */
  private static final int JOB_ATTEMPTS = 3;

  /**
   * Builds and runs one batch ingest job from {@code starting} to {@code stopping}, its rows staged
   * for {@code batch}'s commit, and returns how many events it read.
   */
  private Counts runJob(
      String bootstrap,
      Path stagingDir,
      IngestJob.Batch batch,
      Map<TopicPartition, Long> starting,
      Map<TopicPartition, Long> stopping,
      Path openDir,
      long pending)
      throws Exception {
    long seq = batch.seq();
    String staging = stagingDir.toUri().toString();
    boolean pipelined = few && pending <= LocalFlink.SMALL_JOB;
    StreamExecutionEnvironment env = flink.environment(pipelined);
    // A job of a few events runs each operator once: half the tasks to deploy and start.
    int parallelism = pipelined ? 1 : flink.parallelism();
    env.setParallelism(parallelism);
    KafkaSource<RawEvent> source = IngestLog.kafkaSource(bootstrap, starting, stopping);
    // One reader per partition; when there are fewer partitions than slots (homes made before the
    // events topic had two), the readers deal the events out so that every slot parses.
    int readers = Math.min(parallelism, starting.size());
    DataStream<RawEvent> events =
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "kafka: " + Topics.EVENTS)
            .setParallelism(readers);
    IngestJob.build(
        readers < parallelism ? events.rebalance() : events,
        batch,
        table -> IngestJob.parquetSink(staging, table, seq),
        IngestLog.deadLetters(bootstrap),
        IngestJob.openIterationSink(openDir.toUri().toString()));
    var result = flink.execute(env, "benchlake ingest " + seq, brokerWatch.apply(bootstrap));
    Long all = result.getAccumulatorResult(EventRouter.RECORDS_READ);
    Long past = result.getAccumulatorResult(EventRouter.NEW_RECORDS_READ);
    return new Counts(all == null ? -1L : all, past == null ? -1L : past);
  }

  /** When the previous ingest started; null when there was none (a new or rebuilt warehouse). */
  static Instant previousStart(Manifest current) {
    return current.seq() == 0 ? null : current.ingestStartedAt();
  }

  /**
   * The offsets this batch may commit: the end offsets, except in a partition where an iteration is
   * still open, where they stop at its first event so that the next ingest reads it whole.
   */
  static Map<Integer, Long> heldBack(Map<Integer, Long> end, Path openDir) throws IOException {
    Map<Integer, Long> reached = new TreeMap<>(end);
    if (!Files.isDirectory(openDir)) {
      return reached;
    }
    try (Stream<Path> files = Files.walk(openDir)) {
      for (Path file :
          files
              .filter(Files::isRegularFile)
              .filter(f -> !f.getFileName().toString().startsWith("."))
              .toList()) {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
          String[] parts = line.trim().split(" ");
          if (parts.length == 2) {
            reached.merge(Integer.parseInt(parts[0]), Long.parseLong(parts[1]), Math::min);
          }
        }
      }
    }
    return reached;
  }
}
