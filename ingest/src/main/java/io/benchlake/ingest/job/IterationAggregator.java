package io.benchlake.ingest.job;

import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.InvalidEventException;
import io.benchlake.schemas.IterationFinished;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * Gathers one run's samples and finish events of a batch and writes the long-form rows of each
 * iteration whose end was read: its iteration_finished, or the run's run_finished. An iteration
 * without either is still running: it is written nothing and reported as {@link OpenIteration}, so
 * that the batch's offsets stop before it and the next ingest reads it whole (docs/architecture.md,
 * Incremental ingest) — unless its newest event is older than {@link #ABANDONED_AFTER}, when the
 * run is taken as dead and the iteration written from its samples, marked incomplete.
 */
public class IterationAggregator
    extends ProcessWindowFunction<IterationPart, GenericRecord, String, GlobalWindow> {
  /** How long an iteration may go without an event before its run is taken as dead. */
  public static final Duration ABANDONED_AFTER = Duration.ofHours(1);

  public static final OutputTag<OpenIteration> OPEN =
      new OutputTag<>(
          "open iterations",
          org.apache.flink.api.common.typeinfo.TypeInformation.of(OpenIteration.class));

  private final IngestJob.Batch batch;
  private transient EventCodec codec;

  public IterationAggregator(IngestJob.Batch batch) {
    this.batch = batch;
  }

  @Override
  public void open(OpenContext context) {
    codec = new EventCodec();
  }

  @Override
  public void process(
      String runId, Context ctx, Iterable<IterationPart> parts, Collector<GenericRecord> out)
      throws InvalidEventException {
    Map<String, List<IterationPart>> byIteration = new LinkedHashMap<>();
    IterationPart runEnd = null;
    for (IterationPart part : parts) {
      if (part.iteration == null) {
        runEnd = runEnd == null || part.offset > runEnd.offset ? part : runEnd;
      } else {
        byIteration.computeIfAbsent(part.iteration, k -> new ArrayList<>()).add(part);
      }
    }
    for (var entry : byIteration.entrySet()) {
      if (settle(runId, entry.getKey(), entry.getValue(), runEnd, batch, codec, out)) {
        reportOpen(ctx, entry.getValue());
      }
    }
  }

  /**
   * Writes one iteration's rows when this ingest is the one to: its end was read (and not by the
   * ingest before, which wrote it whole), or it went silent for {@link #ABANDONED_AFTER} (and was
   * not so already when the ingest before began). Says whether the iteration is still open.
   *
   * @param runEnd the run's run_finished, if read, which ends every iteration of the run
   */
  static boolean settle(
      String runId,
      String iterationKey,
      List<IterationPart> parts,
      IterationPart runEnd,
      IngestJob.Batch batch,
      EventCodec codec,
      Collector<GenericRecord> out)
      throws InvalidEventException {
    List<IterationFinished> finished = new ArrayList<>();
    Instant newest = Instant.EPOCH;
    IterationPart end = runEnd;
    for (IterationPart part : parts) {
      if (!part.isSample() && codec.decodeValidated(part.json) instanceof IterationFinished f) {
        newest = f.emittedAt().isAfter(newest) ? f.emittedAt() : newest;
        finished.add(f);
        end = end == null || part.offset > end.offset ? part : end;
      }
    }
    // The interval histograms are read only when no finish event gave the latency figures.
    boolean histograms = !IterationAggregation.givesLatency(finished);
    List<IntervalFigures> samples = new ArrayList<>();
    for (IntervalFigures s : inLogOrder(parts, histograms)) {
      Instant emitted = instant(s.emittedMicros());
      newest = emitted.isAfter(newest) ? emitted : newest;
      samples.add(s);
    }
    Instant silentUntil = newest.plus(ABANDONED_AFTER);
    samples = IterationAggregation.lastAttempt(samples);
    if (end != null) {
      // Ended: written by the ingest that first read its end. An earlier one that read the end
      // again (its offsets held back for another run's open iteration) wrote it already, whole.
      if (end.offset >= batch.previousReadUpTo().getOrDefault(end.partition, 0L)) {
        write(runId, runId + "|" + iterationKey, samples, finished, batch, out);
      }
      return false;
    }
    if (silentUntil.isBefore(batch.started())) {
      // Abandoned: written by the first ingest that found it so (it was open, so read whole). The
      // ingest before found it so only if it read all of it: events older than an hour when first
      // read (an exported dead run imported again) are written by the ingest that reads them, as
      // a rebuild writes them.
      if (batch.previousStarted() == null
          || !silentUntil.isBefore(batch.previousStarted())
          || !readByPreviousIngest(parts, batch)) {
        write(runId, runId + "|" + iterationKey, samples, finished, batch, out);
      }
      return false;
    }
    return true;
  }

  /** Whether the ingest before this one read every event of {@code parts}. */
  private static boolean readByPreviousIngest(List<IterationPart> parts, IngestJob.Batch batch) {
    boolean[] all = {true};
    for (IterationPart part : parts) {
      part.forEachPosition(
          (partition, offset) ->
              all[0] &= offset < batch.previousReadUpTo().getOrDefault(partition, 0L));
    }
    return all[0];
  }

  /** The samples of the bundles among {@code parts}, in the order they were read. */
  private static List<IntervalFigures> inLogOrder(List<IterationPart> parts, boolean histograms) {
    record Read(int partition, long offset, IntervalFigures sample) {}
    List<Read> read = new ArrayList<>();
    for (IterationPart part : parts) {
      if (part.isSample()) {
        List<IntervalFigures> decoded = part.figures(histograms);
        for (int i = 0; i < decoded.size(); i++) {
          read.add(new Read(part.partitions[i], part.offsets[i], decoded.get(i)));
        }
      }
    }
    read.sort(Comparator.comparingInt(Read::partition).thenComparingLong(Read::offset));
    return read.stream().map(Read::sample).toList();
  }

  /** The earliest position of an open iteration's events in each partition it was read from. */
  private static void reportOpen(Context ctx, List<IterationPart> parts) {
    Map<Integer, Long> earliest = new LinkedHashMap<>();
    for (IterationPart p : parts) {
      p.forEachPosition((partition, offset) -> earliest.merge(partition, offset, Math::min));
    }
    earliest.forEach((partition, offset) -> ctx.output(OPEN, new OpenIteration(partition, offset)));
  }

  private static void write(
      String runId,
      String key,
      List<IntervalFigures> samples,
      List<IterationFinished> finished,
      IngestJob.Batch batch,
      Collector<GenericRecord> out) {
    Optional<IterationFinished> last = IterationAggregation.authoritative(finished);
    int threads = last.map(IterationFinished::threads).orElseGet(() -> samples.get(0).threads());
    int iteration =
        last.map(IterationFinished::iteration).orElseGet(() -> samples.get(0).iteration());
    String status = last.map(f -> f.status().name()).orElse(IterationAggregation.INCOMPLETE);
    // Rows computed from samples take the identity of the finish event when there is one, so
    // that an ingest that saw the iteration whole always replaces one that saw only part of it.
    String sourceEvent = last.map(IterationFinished::eventId).orElse("samples:" + key);
    Instant startedAt =
        last.map(IterationFinished::startedAt)
            .orElseGet(() -> instant(samples.get(0).startedMicros()));
    for (IterationMetric metric : IterationAggregation.metrics(samples, finished, sourceEvent)) {
      out.collect(
          Rows.iteration(runId, startedAt, threads, iteration, metric, status, batch.seq()));
    }
  }

  private static Instant instant(long micros) {
    return Instant.EPOCH.plusNanos(micros * 1000);
  }
}
