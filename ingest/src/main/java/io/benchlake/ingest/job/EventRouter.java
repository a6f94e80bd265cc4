package io.benchlake.ingest.job;

import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.InvalidEventException;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.Sample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Parses and validates each event, writes runs (with run_source), environments, samples, timings,
 * annotations, aliases, retractions, alert and alert_state rows to side outputs, and passes
 * samples, iteration_finished and run_finished on to the run's aggregate. An event the previous
 * ingest already read (the offsets were held back for an open iteration) only feeds the aggregate:
 * its rows, or its refusal, were written then.
 */
public class EventRouter extends ProcessFunction<RawEvent, IterationPart> {
  /** A bundle of samples goes on to the aggregate when it holds this many. */
  private static final int BUNDLE_SAMPLES = 256;

  /** Every bundle goes on when those held reach this many bytes together. */
  private static final long PENDING_BYTES = 16L << 20;

  /** The accumulator counting the records read: offsets also count transaction markers. */
  public static final String RECORDS_READ = "records read";

  /**
   * The accumulator counting the records read at or past the offsets the previous ingest read up
   * to: how many the log holds beyond them (a record read again for an open iteration is not).
   */
  public static final String NEW_RECORDS_READ = "records read past the previous ingest";

  private final IngestJob.Batch batch;
  private long seq;
  private transient EventCodec codec;
  private transient LongCounter read;
  private transient LongCounter newRead;

  /** The samples on their way to their aggregate, per run and iteration. */
  private transient Map<String, Map<String, SampleBundle>> pending;

  private transient long pendingBytes;

  /**
   * The bundle the last sample went to, while it is held: a run's samples come one iteration after
   * another, so most samples go where the one before went, without a look-up.
   */
  private transient SampleBundle last;

  public EventRouter(IngestJob.Batch batch) {
    this.batch = batch;
    this.seq = batch.seq();
  }

  /** The ingest sequence number the rows from now on carry (a follow job's next commit). */
  protected void rowsFromNowOn(long seq) {
    this.seq = seq;
  }

  @Override
  public void open(OpenContext context) {
    codec = new EventCodec();
    pending = new HashMap<>();
    read = getRuntimeContext().getLongCounter(RECORDS_READ);
    newRead = getRuntimeContext().getLongCounter(NEW_RECORDS_READ);
  }

  @Override
  public void processElement(RawEvent raw, Context ctx, Collector<IterationPart> out) {
    read.add(1);
    boolean reRead = raw.offset < batch.previousReadUpTo().getOrDefault(raw.partition, 0L);
    if (!reRead) {
      newRead.add(1);
    }
    String conflict = conflictOf(raw);
    if (conflict != null) {
      // an id seen before with other content: the first version stands, in every ingest path
      refuse(ctx, raw, conflict, reRead);
      return;
    }
    Event event;
    try {
      event = codec.decode(raw.value);
    } catch (InvalidEventException e) {
      refuse(ctx, raw, e.getMessage(), reRead);
      return;
    }
    read(event);
    List<EventRows.TableRow> rows;
    try {
      rows = EventRows.of(event, seq, raw);
    } catch (RuntimeException e) {
      // One event the job cannot write (a value Parquet cannot hold) stops no ingest: it goes to
      // the dead-letter topic with the reason, as an unreadable one does.
      refuse(ctx, raw, "cannot be written: " + e, reRead);
      return;
    }
    toAggregate(event, raw, out);
    if (reRead) {
      return; // its rows, or its refusal, were written by the ingest that read it first
    }
    for (EventRows.TableRow row : rows) {
      ctx.output(Tags.TABLES.get(row.table()), row.record());
    }
  }

  /**
   * Sends a refused event to the dead-letter topic, unless the ingest that read it first did, or
   * someone acknowledged it (then it stays out without a word).
   */
  private void refuse(Context ctx, RawEvent raw, String reason, boolean reRead) {
    if (!reRead && !isAcknowledged(raw.origin())) {
      ctx.output(Tags.REFUSED, new RefusedEvent(raw.origin(), reason, raw.value));
    }
  }

  /**
   * Why {@code raw} is refused as an id seen before with other content (null: it is not): a batch
   * knows its range's conflicts before it starts (ContentConflicts).
   */
  protected String conflictOf(RawEvent raw) {
    return batch.conflicts().get(raw.origin());
  }

  /** Whether someone acknowledged the dead letter from {@code origin}. */
  protected boolean isAcknowledged(String origin) {
    return batch.acknowledged().contains(origin);
  }

  /** Hears each event that parsed, before its rows are made (a follow job learns from it). */
  protected void read(Event event) {}

  /**
   * What the run's aggregate needs of an event: samples, gathered into bundles per iteration, and
   * the events that end iterations, each sent after the samples read before it of the iterations it
   * ends, so that an aggregate sees an iteration's samples before its end.
   */
  private void toAggregate(Event event, RawEvent raw, Collector<IterationPart> out) {
    switch (EventRows.forAggregate(event.eventKind())) {
      case SAMPLE -> toAggregate((Sample) event, raw, out);
      case ENDS_ITERATION -> {
        IterationFinished e = (IterationFinished) event;
        String iteration = IterationPart.iterationOf(e.threads(), e.iteration());
        // An aggregate that reads this finish event reads no histogram of the iteration when it
        // gives every latency figure (loadgen's do): those held need not travel.
        send(e.runId(), iteration, !IterationAggregation.givesLatency(List.of(e)), out);
        out.collect(new IterationPart(e.runId(), iteration, raw));
      }
      case ENDS_RUN -> {
        Map<String, SampleBundle> run = pending.get(event.runId());
        if (run != null) {
          for (String iteration : new ArrayList<>(run.keySet())) {
            send(event.runId(), iteration, true, out);
          }
        }
        out.collect(new IterationPart(event.runId(), null, raw));
      }
      case NOTHING -> {}
    }
  }

  /** A sample, gathered into the bundle of its iteration. */
  private void toAggregate(Sample e, RawEvent raw, Collector<IterationPart> out) {
    SampleBundle bundle = last;
    if (bundle == null || !bundle.holds(e)) {
      bundle =
          pending
              .computeIfAbsent(e.runId(), k -> new HashMap<>())
              .computeIfAbsent(
                  IterationPart.iterationOf(e.threads(), e.iteration()),
                  k -> new SampleBundle(e.runId(), e.threads(), e.iteration()));
      last = bundle;
    }
    int before = bundle.byteSize();
    bundle.add(e, raw.partition, raw.offset);
    pendingBytes += bundle.byteSize() - before;
    if (bundle.size() >= BUNDLE_SAMPLES) {
      send(e.runId(), bundle.iteration(), true, out);
    }
    if (pendingBytes >= PENDING_BYTES) {
      flush(out);
    }
  }

  /** Sends the samples held of one iteration on to the aggregate, with or without histograms. */
  private void send(
      String runId, String iteration, boolean withHistograms, Collector<IterationPart> out) {
    Map<String, SampleBundle> run = pending.get(runId);
    SampleBundle bundle = run == null ? null : run.remove(iteration);
    if (bundle == null) {
      return;
    }
    if (run.isEmpty()) {
      pending.remove(runId);
    }
    if (bundle == last) {
      last = null;
    }
    pendingBytes -= bundle.byteSize();
    out.collect(bundle.toPart(withHistograms));
  }

  /**
   * Sends every sample held on to the aggregate: at the end of the input, and before a checkpoint
   * barrier, so that what was read before the barrier has reached the aggregate by then.
   */
  public void flush(Collector<IterationPart> out) {
    for (Map<String, SampleBundle> run : pending.values()) {
      for (SampleBundle bundle : run.values()) {
        out.collect(bundle.toPart(true));
      }
    }
    pending.clear();
    pendingBytes = 0;
    last = null;
  }
}
